// ## Owns
// The plan a web run proposes before it acts (Plan before Act): its shape as the
// panel shows and edits it, as the person approves it and as it is stored with the
// answer. The planner's raw JSON is checked against a looser schema in the worker
// (src/worker/agent/plan/) and normalized into this one; this schema is the bound.
import { z } from '../schema/zod';
import { boundedArray, boundedString } from '../schema/bounded';

/** Bounds of a plan; the planner's output is clipped to them, an edit is refused past them. */
export const PLAN_LIMITS = {
  summaryChars: 600,
  steps: 20,
  stepChars: 300,
  listItems: 8,
  itemChars: 300,
  noteChars: 300,
} as const;

/** Whether to ask the person about a plan before an Act or Dev run acts. */
export const PlanReviewSchema = z.enum(['off', 'ask', 'auto']);
export type PlanReview = z.infer<typeof PlanReviewSchema>;

/** The setting a fresh profile starts with: the person sees every plan first. */
export const DEFAULT_PLAN_REVIEW: PlanReview = 'ask';

export const RunPlanSchema = z.strictObject({
  /** What the run will do, in one or two sentences. */
  summary: boundedString(PLAN_LIMITS.summaryChars),
  /** Concrete steps in order; the person may edit, add or remove them. */
  steps: boundedArray(
    boundedString(PLAN_LIMITS.stepChars).regex(/\S/, 'A step cannot be empty.'),
    PLAN_LIMITS.steps,
  ).min(1),
  /** What could go wrong or needs care (payments, irreversible changes, sign-ins). */
  risks: boundedArray(boundedString(PLAN_LIMITS.itemChars), PLAN_LIMITS.listItems),
  /** Facts the run should keep in mind across steps (ids, totals, choices). */
  remember: boundedArray(boundedString(PLAN_LIMITS.itemChars), PLAN_LIMITS.listItems),
  /** Whether the task suits a schedule (a recurring check), and why. */
  scheduling: z.strictObject({
    fits: z.boolean(),
    note: boundedString(PLAN_LIMITS.noteChars),
  }),
});
export type RunPlan = z.infer<typeof RunPlanSchema>;

/** The pending interaction of a plan waiting for the person (run-messages.ts joins it). */
export const PlanReviewPendingShape = {
  kind: z.literal('plan-review'),
  callId: boundedString(128),
  name: boundedString(128),
  plan: RunPlanSchema,
  /** Steps the planner proposed beyond the bound, dropped before the card was shown. */
  droppedSteps: z.number().int().min(0),
  /** Whether the planner's first answer was unusable and a second one was asked for. */
  repaired: z.boolean(),
};
