// ## Owns
// What a run journal entry keeps beside the stored turn so that a later worker can
// resume the run: the run's start request, how many steps it took, how often it was
// resumed already, the interaction it waited on and what it spent. Read back through
// the schema: the entry comes from storage a previous worker instance wrote.
import { z } from '../../../shared/schema/zod';
import { boundedString } from '../../../shared/schema/bounded';
import { RunStartRequestSchema } from '../../../shared/protocol/run-messages';

/** A run resumed this many times ends instead of resuming again (a crash loop). */
export const MAX_RESUMES = 3;

export const RunResumeStateSchema = z.strictObject({
  request: RunStartRequestSchema,
  /** Tool rounds finished so far; the resumed loop counts on from here. */
  steps: z.number().int().min(0).max(100_000),
  resumes: z.number().int().min(0).max(1_000),
  /** The kind of card the run waited on when this was written, or null. */
  pending: boundedString(64).nullable(),
  spent: z
    .strictObject({
      inputTokens: z.number().int().min(0),
      outputTokens: z.number().int().min(0),
      estimated: z.boolean(),
    })
    .optional(),
  /** US dollars its priced model calls spent (its cost limit counts them). */
  costUsd: z.number().min(0).max(1e9).optional(),
});
export type RunResumeState = z.infer<typeof RunResumeStateSchema>;

export type ResumeStateRead =
  | { readonly ok: true; readonly state: RunResumeState }
  | { readonly ok: false; readonly reason: string };

/** The stored state checked, or why it cannot be trusted (absent, malformed). */
export function readResumeState(stored: unknown): ResumeStateRead {
  if (stored === undefined) return { ok: false, reason: 'the entry holds no resume state' };
  const parsed = RunResumeStateSchema.safeParse(stored);
  if (parsed.success) return { ok: true, state: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.join('.') ?? '';
  return {
    ok: false,
    reason: `the resume state is malformed${where ? ` at ${where}` : ''}: ${issue?.message ?? 'unknown'}`,
  };
}
