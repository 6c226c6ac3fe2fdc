// ## Owns
// Reading the planner's answer: thinking stripped, the one JSON object found and
// parsed, checked against a loose schema (models name and nest things differently)
// and normalized into a bounded RunPlan. Pure; the answer is untrusted model output.
// ## Never
// Throws on bad input: every failure is a plain reason the repair request repeats to
// the model and the person reads in Details.
import { PLAN_LIMITS, RunPlanSchema, type RunPlan } from '../../../shared/protocol/run-plan';
import { z } from '../../../shared/schema/zod';

export type PlanAnswer =
  | { readonly ok: true; readonly plan: RunPlan; readonly droppedSteps: number }
  | { readonly ok: false; readonly reason: string };

const THINK_TAGS = 'think|thinking|reasoning';

/**
 * The answer without the model's visible thinking: complete `<think>…</think>` blocks
 * go; a reply that opens a block and never closes it was all thinking; a closing tag
 * without an opening one (chat templates that open the block in the prompt, as
 * Qwen 3 and DeepSeek R1 do) drops everything before it.
 */
export function stripThinking(text: string): string {
  let rest = text.replace(new RegExp(`<(${THINK_TAGS})\\b[^>]*>[\\s\\S]*?</\\1\\s*>`, 'gi'), '');
  const open = new RegExp(`<(?:${THINK_TAGS})\\b[^>]*>`, 'i').exec(rest);
  if (open) rest = rest.slice(0, open.index);
  const closes = [...rest.matchAll(new RegExp(`</(?:${THINK_TAGS})\\s*>`, 'gi'))];
  const lastClose = closes.at(-1);
  if (lastClose) rest = rest.slice(lastClose.index + lastClose[0].length);
  return rest.trim();
}

/** The first balanced `{…}` in `text` (strings and escapes respected), or null. */
export function findJsonObject(text: string): string | null {
  const start = text.indexOf('{');
  if (start < 0) return null;
  let depth = 0;
  let isInString = false;
  let isEscaped = false;
  for (let index = start; index < text.length; index += 1) {
    const char = text[index];
    if (isInString) {
      if (isEscaped) isEscaped = false;
      else if (char === '\\') isEscaped = true;
      else if (char === '"') isInString = false;
      continue;
    }
    if (char === '"') isInString = true;
    else if (char === '{') depth += 1;
    else if (char === '}') {
      depth -= 1;
      if (depth === 0) return text.slice(start, index + 1);
    }
  }
  return null;
}

const Scalar = z.union([z.string(), z.number(), z.boolean()]);
/** A step as models write it: a sentence, or an object whose text sits under some key. */
const StepLike = z.union([Scalar, z.record(z.string(), z.unknown())]);
const ListLike = z.union([z.array(StepLike), Scalar]);

const PlannerAnswerSchema = z.object({
  summary: Scalar,
  steps: z.array(StepLike).min(1, 'The plan needs at least one step.'),
  risks: ListLike.optional(),
  remember: ListLike.optional(),
  memory: ListLike.optional(),
  memory_strategy: ListLike.optional(),
  scheduling: z
    .union([
      z.object({ fits: z.boolean().optional(), note: Scalar.optional() }),
      z.boolean(),
      z.string(),
    ])
    .optional(),
});
type PlannerAnswer = z.infer<typeof PlannerAnswerSchema>;

const STEP_TEXT_KEYS = ['action', 'description', 'step', 'text', 'title', 'task', 'detail'];

const clip = (value: string, max: number) =>
  value.length <= max ? value : `${value.slice(0, max - 1)}…`;
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

function textOf(item: z.infer<typeof StepLike>): string {
  if (typeof item !== 'object') return oneLine(String(item));
  for (const key of STEP_TEXT_KEYS) {
    const value = item[key];
    if (typeof value === 'string' && value.trim() !== '') return oneLine(value);
  }
  return '';
}

function listOf(value: z.infer<typeof ListLike> | undefined): string[] {
  if (value === undefined) return [];
  const items = Array.isArray(value) ? value : [value];
  return items
    .map(textOf)
    .filter((item) => item !== '')
    .slice(0, PLAN_LIMITS.listItems)
    .map((item) => clip(item, PLAN_LIMITS.itemChars));
}

function schedulingOf(value: PlannerAnswer['scheduling']): RunPlan['scheduling'] {
  if (value === undefined) return { fits: false, note: '' };
  if (typeof value === 'boolean') return { fits: value, note: '' };
  if (typeof value === 'string') return { fits: false, note: clip(oneLine(value), 300) };
  const note = value.note === undefined ? '' : oneLine(String(value.note));
  return { fits: value.fits ?? false, note: clip(note, PLAN_LIMITS.noteChars) };
}

function describeIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The JSON is not a plan.';
  const where = issue.path.length > 0 ? ` (at "${issue.path.join('.')}")` : '';
  return `The JSON is not a plan${where}: ${issue.message}`;
}

/** Reads one planner answer into a plan, or says plainly why it is not one. */
export function readPlanAnswer(text: string): PlanAnswer {
  const visible = stripThinking(text);
  const json = findJsonObject(visible);
  if (json === null) return { ok: false, reason: 'The reply held no JSON object.' };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    const detail = error instanceof Error ? error.message : 'unreadable';
    return { ok: false, reason: `The JSON object could not be read: ${clip(detail, 200)}` };
  }
  const parsed = PlannerAnswerSchema.safeParse(value);
  if (!parsed.success) return { ok: false, reason: describeIssue(parsed.error) };
  const answer = parsed.data;
  const steps = answer.steps.map(textOf).filter((step) => step !== '');
  if (steps.length === 0) return { ok: false, reason: 'Every step of the plan was empty.' };
  const plan = RunPlanSchema.parse({
    summary: clip(oneLine(String(answer.summary)), PLAN_LIMITS.summaryChars),
    steps: steps.slice(0, PLAN_LIMITS.steps).map((step) => clip(step, PLAN_LIMITS.stepChars)),
    risks: listOf(answer.risks),
    remember: listOf(answer.remember ?? answer.memory ?? answer.memory_strategy),
    scheduling: schedulingOf(answer.scheduling),
  });
  return { ok: true, plan, droppedSteps: Math.max(0, steps.length - PLAN_LIMITS.steps) };
}
