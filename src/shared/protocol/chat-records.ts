// ## Owns
// The shape of a chat as it is stored, shown, exported and imported: sessions and
// their turns. One declaration shared by the worker (storage, runs), the panel
// (rendering) and import/export (record-by-record validation).
// ## Why bounded
// Every field is bounded so one oversized tool argument can never make a chat
// unsavable: writers trim optional data to these bounds, with a
// marker, before saving.
import { z } from '../schema/zod';
import { IdSchema, TimestampSchema, boundedArray, boundedString } from '../schema/bounded';
import { AgentModeSchema } from './agent-modes';
import { ProtocolErrorSchema } from './envelope';
import { MAX_FILE_LABEL_CHARS } from './limits';
import { SiteIdSchema } from './page-context';
import { ResultFormatSchema, StructuredResultSchema } from './result-format';
import { RunPlanSchema } from './run-plan';
import { WorkingMemorySchema } from './working-memory';

export const MAX_TURN_TEXT_CHARS = 256_000;
export const MAX_TOOL_SUMMARY_CHARS = 4_000;
export const MAX_ARGUMENTS_PREVIEW_CHARS = 2_000;
/** A tool call's activity line ("Read main.typ, lines 1–20"): one short line. */
export const MAX_ACTIVITY_CHARS = 200;
export const MAX_SEGMENTS_PER_TURN = 256;
export const MAX_TOOL_CALLS_PER_SEGMENT = 128;
export const MAX_THUMBNAIL_CHARS = 204_800;

/** Where a chat belongs: a site and that site's scope key. */
export const ChatScopeSchema = z.strictObject({
  siteId: SiteIdSchema,
  /**
   * The site's scope key (the stored name predates sites as contributions): a
   * project id for a document site, an origin for the web agent.
   */
  projectId: boundedString(128).nullable(),
});
export type ChatScope = z.infer<typeof ChatScopeSchema>;

/** Whether two scopes are the same chat scope (null is never the same as anything). */
export const sameScope = (a: ChatScope | null, b: ChatScope | null): boolean =>
  a !== null && b !== null && a.siteId === b.siteId && a.projectId === b.projectId;

/** The open file when the user pressed Send (identity only, never document text). */
export const FileIdentitySchema = z.strictObject({
  projectLabel: boundedString(160).nullable(),
  path: boundedString(MAX_FILE_LABEL_CHARS),
  source: z.enum(['header_breadcrumb', 'document_title', 'selected_tree_row', 'declared_path']),
});
export type FileIdentity = z.infer<typeof FileIdentitySchema>;

export const AttachmentRecordSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('selection'),
    text: boundedString(32_000),
    fileLabel: boundedString(MAX_FILE_LABEL_CHARS).nullable(),
  }),
  z.strictObject({
    kind: z.literal('image'),
    source: z.enum(['preview', 'opened-image']),
    /** A locally made thumbnail (png/jpeg/webp data URL), or null with a reason. */
    thumbnail: boundedString(MAX_THUMBNAIL_CHARS)
      .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]*$/)
      .nullable(),
    omittedReason: boundedString(300).optional(),
    width: z.number().int().min(0).max(16_384),
    height: z.number().int().min(0).max(16_384),
  }),
]);
export type AttachmentRecord = z.infer<typeof AttachmentRecordSchema>;

/** The public part of a revert checkpoint that a response carries. */
export const EditReceiptSchema = z.strictObject({
  checkpointId: IdSchema,
  status: z.enum(['applied', 'reverted', 'unavailable']),
  fileLabel: boundedString(MAX_FILE_LABEL_CHARS),
  createdAt: TimestampSchema,
  /** True only when a person approved this exact diff in Ask mode. */
  reviewedDiff: z.boolean(),
  unavailableReason: boundedString(300).optional(),
});
export type EditReceipt = z.infer<typeof EditReceiptSchema>;

export const ToolCallStatusSchema = z.enum([
  'running',
  'waiting',
  'awaiting-approval',
  'done',
  'failed',
  'denied',
  'rejected',
  'skipped',
  'cancelled',
]);
export type ToolCallStatus = z.infer<typeof ToolCallStatusSchema>;

/** A tool call as stored and shown: bounded previews, never raw payloads. */
export const ToolCallRecordSchema = z.strictObject({
  callId: boundedString(128),
  name: boundedString(128),
  argumentsPreview: boundedString(MAX_ARGUMENTS_PREVIEW_CHARS),
  /** Size of the full argument text, so a trimmed preview says how much is missing. */
  argumentsChars: z.number().int().min(0),
  status: ToolCallStatusSchema,
  summary: boundedString(MAX_TOOL_SUMMARY_CHARS),
  errorCode: boundedString(64).optional(),
  receipt: EditReceiptSchema.optional(),
  /** What the call did in plain words, from the tool's describer; shown as text only. */
  activity: boundedString(MAX_ACTIVITY_CHARS).optional(),
});
export type ToolCallRecord = z.infer<typeof ToolCallRecordSchema>;

export const SegmentSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('text'), text: boundedString(MAX_TURN_TEXT_CHARS) }),
  z.strictObject({ kind: z.literal('reasoning'), text: boundedString(MAX_TURN_TEXT_CHARS) }),
  z.strictObject({
    kind: z.literal('tools'),
    calls: boundedArray(ToolCallRecordSchema, MAX_TOOL_CALLS_PER_SEGMENT),
  }),
]);
export type Segment = z.infer<typeof SegmentSchema>;

export const UserTurnSchema = z.strictObject({
  id: IdSchema,
  role: z.literal('user'),
  createdAt: TimestampSchema,
  text: boundedString(MAX_TURN_TEXT_CHARS),
  file: FileIdentitySchema.nullable(),
  attachments: boundedArray(AttachmentRecordSchema, 32),
  /** Set by import: the turn came from a file, not from the person in this browser. */
  imported: z.literal(true).optional(),
  /** The JSON format the person asked the answer to return (/json); absent: a plain answer. */
  resultFormat: ResultFormatSchema.optional(),
});
export type UserTurn = z.infer<typeof UserTurnSchema>;

/** Notices kept with one answer; later ones are dropped. */
export const MAX_TURN_NOTICES = 8;
export const TurnNoticeSchema = z.strictObject({
  level: z.enum(['info', 'warning', 'error']),
  message: boundedString(500),
  code: boundedString(64).optional(),
});
export type TurnNotice = z.infer<typeof TurnNoticeSchema>;

export const AssistantTurnSchema = z.strictObject({
  id: IdSchema,
  role: z.literal('assistant'),
  createdAt: TimestampSchema,
  runId: IdSchema,
  status: z.enum(['complete', 'incomplete', 'error', 'cancelled', 'interrupted']),
  segments: boundedArray(SegmentSchema, MAX_SEGMENTS_PER_TURN),
  error: ProtocolErrorSchema.optional(),
  /** Markers for data trimmed to keep the chat savable, e.g. "reasoning", "tool-details". */
  trimmed: boundedArray(boundedString(64), 16).optional(),
  /** Fixed editor-state facts the model is told later (never text from the document). */
  editorEvents: boundedArray(z.enum(['reverted', 'snapshot-restored']), 16).optional(),
  /** The plan the person approved before this answer acted (Plan before Act). */
  plan: RunPlanSchema.optional(),
  /** The run's scratchpad and progress ledger as it ended (long web tasks). */
  memory: WorkingMemorySchema.optional(),
  /** What the run told the person on the way (a trimmed context, a cut-off answer), kept with it. */
  notices: boundedArray(TurnNoticeSchema, MAX_TURN_NOTICES).optional(),
  /** The data the answer returned in the format its message asked for, checked against it. */
  result: StructuredResultSchema.optional(),
  /**
   * Tokens the answer's model calls spent; `estimated` when the provider sent no
   * figures; `costUsd` in US dollars when the person entered the model's prices.
   */
  usage: z
    .strictObject({
      inputTokens: z.number().int().min(0),
      outputTokens: z.number().int().min(0),
      estimated: z.boolean(),
      costUsd: z.number().min(0).max(1e9).optional(),
    })
    .optional(),
});
export type AssistantTurn = z.infer<typeof AssistantTurnSchema>;

export const ChatTurnSchema = z.discriminatedUnion('role', [UserTurnSchema, AssistantTurnSchema]);
export type ChatTurn = z.infer<typeof ChatTurnSchema>;

/**
 * The person's leave, typed as /allow-api in this chat, for the agent's network writes
 * (POST, PUT, PATCH, DELETE). Every write still asks; without it, writes are refused.
 * `origins` empty: any site the agent may reach; else only these origins.
 */
export const ApiWritesSchema = z.strictObject({
  origins: z.array(boundedString(300)).max(10),
});
export type ApiWrites = z.infer<typeof ApiWritesSchema>;

export const SessionMetaSchema = z.strictObject({
  id: IdSchema,
  scope: ChatScopeSchema,
  name: boundedString(200),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
  userRenamed: z.boolean(),
  turnCount: z.number().int().min(0),
  approxBytes: z.number().int().min(0),
  /** First user text, for lists and search results. */
  preview: boundedString(160),
  /**
   * The agent mode the person chose for this chat (sites with the Ask / Act / Dev
   * control). Absent means Ask: new chats, older records and imported chats.
   */
  agentMode: AgentModeSchema.optional(),
  /** Network writes the person allowed in this chat (/allow-api); absent: none. */
  apiWrites: ApiWritesSchema.optional(),
});
export type SessionMeta = z.infer<typeof SessionMetaSchema>;
