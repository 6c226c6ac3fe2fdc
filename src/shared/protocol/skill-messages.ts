// ## Owns
// The panel's requests about skills (Settings → Skills and the /skills command):
// list, import, edit, turn on or off, delete and trust. A skill is sent as the
// Markdown file the person wrote; the worker parses and judges it (a refusal is a
// SKILL_* failure with plain words and changes nothing stored).
import { z } from '../schema/zod';
import { IdSchema, TimestampSchema, boundedArray, boundedString } from '../schema/bounded';
import { AgentModeSchema, PromptTierSchema } from './agent-modes';
import { ErrorCodeSchema } from './envelope';
import type { MethodSpec } from './define-channel';

/**
 * Largest skill text a request carries. Larger than the worker's own limit on
 * purpose: a too-large file gets SKILL_TOO_LARGE with its size, not a routing error.
 */
export const MAX_SKILL_REQUEST_CHARS = 1_048_576;
export const MAX_SKILL_VIEWS = 60;

export const SkillToolViewSchema = z.strictObject({
  name: boundedString(64),
  kind: z.enum(['http', 'httpDownloadJob']),
  method: z.enum(['GET', 'POST']),
  endpoint: boundedString(2_048),
  description: boundedString(600),
  modes: boundedArray(AgentModeSchema, 3),
  tiers: boundedArray(PromptTierSchema, 3),
});
export type SkillToolView = z.infer<typeof SkillToolViewSchema>;

/**
 * `none`: tools ask before each call; `trusted`: the person trusts these exact
 * tools; `changed`: trusted once, but the manifest changed since (each call asks);
 * `no-tools`: instructions only.
 */
export const SkillTrustSchema = z.enum(['none', 'trusted', 'changed', 'no-tools']);
export type SkillTrust = z.infer<typeof SkillTrustSchema>;

export const SkillViewSchema = z.strictObject({
  id: IdSchema,
  name: boundedString(200),
  enabled: z.boolean(),
  isDefault: z.boolean(),
  text: boundedString(MAX_SKILL_REQUEST_CHARS),
  instructionChars: z.number().int().min(0),
  tools: boundedArray(SkillToolViewSchema, 64),
  trust: SkillTrustSchema,
  /** Why a stored skill no longer passes (it is kept, and left out of runs); else null. */
  problem: z.strictObject({ code: ErrorCodeSchema, message: boundedString(2_000) }).nullable(),
  updatedAt: TimestampSchema,
});
export type SkillView = z.infer<typeof SkillViewSchema>;

const SkillListSchema = z.strictObject({ skills: boundedArray(SkillViewSchema, MAX_SKILL_VIEWS) });
const SkillTextSchema = boundedString(MAX_SKILL_REQUEST_CHARS);

export const skillRequestMethods = {
  /** Every skill, packaged ones the person has not removed included. */
  'skills/list': { request: z.strictObject({}), response: SkillListSchema },
  /** Adds a skill file (off until turned on, its tools untrusted). */
  'skills/import': {
    request: z.strictObject({ text: SkillTextSchema }),
    response: SkillListSchema.extend({ importedId: IdSchema }),
  },
  /** Replaces a skill's text; trust holds only while its manifest is unchanged. */
  'skills/update': {
    request: z.strictObject({ id: IdSchema, text: SkillTextSchema }),
    response: SkillListSchema,
  },
  'skills/set-enabled': {
    request: z.strictObject({ id: IdSchema, enabled: z.boolean() }),
    response: SkillListSchema,
  },
  /** Deletes a skill; a packaged one is not added back. */
  'skills/delete': { request: z.strictObject({ id: IdSchema }), response: SkillListSchema },
  /** Trusts the skill's tools exactly as they are now (calls run without asking), or stops. */
  'skills/trust': {
    request: z.strictObject({ id: IdSchema, trusted: z.boolean() }),
    response: SkillListSchema,
  },
} as const satisfies Record<string, MethodSpec>;
