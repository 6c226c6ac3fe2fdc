// Panel -> worker methods for user memory: what the person asked Side Agent to
// remember about them, its settings, export and import. Spread into
// panel-to-worker.ts; handlers live in src/worker/handlers/memory.handlers.ts.
import { z } from '../schema/zod';
import { IdSchema, TimestampSchema, boundedArray, boundedString } from '../schema/bounded';
import type { MethodSpec } from './define-channel';

/** Longest remembered text. */
export const MAX_MEMORY_TEXT = 500;
/** Most records kept (archived ones included). */
export const MAX_MEMORY_RECORDS = 500;
/** Largest memory import file (characters of JSON). */
export const MAX_MEMORY_IMPORT_CHARS = 1_048_576;
/** Bounds and default of the context block's character cap. */
export const MEMORY_CHARS = { min: 200, max: 20_000, default: 2_000 } as const;

/** `preference` how answers should be; `profile_hint` who the person is; `workflow_preference` how they like work done. */
export const MemoryKindSchema = z.enum(['preference', 'profile_hint', 'workflow_preference']);
export type MemoryKind = z.infer<typeof MemoryKindSchema>;

/** `explicit`: the person said it (/remember, Settings); `learned`: proposed after a run. */
export const MemorySourceSchema = z.enum(['explicit', 'learned']);
export type MemorySource = z.infer<typeof MemorySourceSchema>;

/** `global`, or the origin of one site (`https://shop.example`). */
export const MemoryScopeSchema = z.union([
  z.literal('global'),
  z
    .string()
    .max(300)
    .regex(/^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$|^https?:\/\/\[[0-9a-f:.]+\](?::\d{1,5})?$/),
]);
export type MemoryScope = z.infer<typeof MemoryScopeSchema>;

export const MemoryTextSchema = z.string().trim().min(1).max(MAX_MEMORY_TEXT);

/** One remembered thing, as stored and as the panel sees it. */
export const MemoryRecordSchema = z.strictObject({
  id: IdSchema,
  text: MemoryTextSchema,
  kind: MemoryKindSchema,
  scope: MemoryScopeSchema,
  /** How sure we are it holds (1 for what the person said). */
  confidence: z.number().min(0).max(1),
  source: MemorySourceSchema,
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  /** When a run last carried it, or null. */
  lastUsedAt: TimestampSchema.nullable(),
  /** When it was forgotten (/forget-memory): kept, never sent again; null while active. */
  archivedAt: TimestampSchema.nullable(),
});
export type MemoryRecord = z.infer<typeof MemoryRecordSchema>;

export const MemorySettingsSchema = z.strictObject({
  /** Runs carry the memory block. */
  enabled: z.boolean(),
  /** Propose records after a successful run (off until the person turns it on). */
  autoLearn: z.boolean(),
  /** Most characters the block may take in a request. */
  maxChars: z.number().int().min(MEMORY_CHARS.min).max(MEMORY_CHARS.max),
});
export type MemorySettings = z.infer<typeof MemorySettingsSchema>;

export const DEFAULT_MEMORY_SETTINGS: MemorySettings = {
  enabled: true,
  autoLearn: false,
  maxChars: MEMORY_CHARS.default,
};

export const MemoryViewSchema = z.strictObject({
  records: boundedArray(MemoryRecordSchema, MAX_MEMORY_RECORDS),
  settings: MemorySettingsSchema,
});
export type MemoryView = z.infer<typeof MemoryViewSchema>;

const RecordResult = z.strictObject({ record: MemoryRecordSchema });

export const memoryRequestMethods = {
  /** Every record (archived ones too, marked) and the settings. */
  'memory/list': { request: z.strictObject({}), response: MemoryViewSchema },
  /**
   * Stores what the person asked to remember. Refused with MEMORY_TEXT_REFUSED when it
   * carries a secret or describes a page rather than the person; the same text again
   * returns the stored record with `stored: false`.
   */
  'memory/remember': {
    request: z.strictObject({
      text: boundedString(MAX_MEMORY_TEXT * 2),
      scope: MemoryScopeSchema,
      kind: MemoryKindSchema.optional(),
    }),
    response: RecordResult.extend({ stored: z.boolean() }),
  },
  /** Changes a record's text (Settings → Memory); the same checks as remember. */
  'memory/update': {
    request: z.strictObject({ id: IdSchema, text: boundedString(MAX_MEMORY_TEXT * 2) }),
    response: RecordResult,
  },
  /** Archives a record: runs no longer carry it. MEMORY_NOT_FOUND for an unknown id. */
  'memory/forget': { request: z.strictObject({ id: IdSchema }), response: RecordResult },
  /** Deletes a record for good. */
  'memory/delete': {
    request: z.strictObject({ id: IdSchema }),
    response: z.strictObject({ deleted: z.boolean() }),
  },
  /** Deletes every record. */
  'memory/clear': {
    request: z.strictObject({}),
    response: z.strictObject({ deleted: z.number().int().min(0) }),
  },
  'memory/save-settings': { request: MemorySettingsSchema, response: MemorySettingsSchema },
  /** The active and archived records as a `side-agent-memory` v1 file. */
  'memory/export': {
    request: z.strictObject({}),
    response: z.strictObject({
      json: z.string().max(MAX_MEMORY_IMPORT_CHARS),
      count: z.number().int().min(0),
    }),
  },
  /**
   * Adds the records of an export file. The whole file is refused when it is too
   * large or not such a file; records that are malformed, carry secrets or scripts,
   * or repeat a stored text are skipped and counted. Nothing stored is changed.
   */
  'memory/import': {
    request: z.strictObject({ json: z.string().max(MAX_MEMORY_IMPORT_CHARS * 4) }),
    response: z.strictObject({
      imported: z.number().int().min(0),
      skipped: z.number().int().min(0),
      reasons: boundedArray(boundedString(300), 20),
    }),
  },
} as const satisfies Record<string, MethodSpec>;
