// ## Owns
// What the web read tools share: page calls that turn a failed answer into a
// ProtocolFailure, the conversion of such failures into structured tool outcomes (the
// model sees the code and a plain message), the snake_case keys the model reads, and
// the ref names the model sees.
import { ProtocolFailure } from '../../../../shared/protocol/envelope';
import type { MethodName, RequestOf, ResponseOf } from '../../../../shared/protocol/define-channel';
import type { PageChannel } from '../../../page-channel';
import type {
  JsonValue,
  PageFrame,
  ToolOutcome,
  ToolRunContext,
} from '../../../../worker/tools/define-tool';

/** One page request on the run's tab (or one of its frames); a failed answer throws. */
export async function callPage<K extends MethodName<PageChannel>>(
  context: ToolRunContext,
  method: K,
  payload: RequestOf<PageChannel, K>,
  frame?: PageFrame,
): Promise<ResponseOf<PageChannel, K>> {
  const result = await context.page.request(method, payload, frame);
  if (!result.ok)
    throw new ProtocolFailure(result.error.code, result.error.message, result.error.details);
  return result.data;
}

const toJson = (value: unknown): Record<string, JsonValue> | undefined =>
  value === undefined
    ? undefined
    : (JSON.parse(JSON.stringify(value)) as Record<string, JsonValue>);

/** Runs a tool body; a ProtocolFailure becomes `{ok: false, code}` unless the run was stopped. */
export async function asOutcome(
  context: ToolRunContext,
  body: () => Promise<ToolOutcome>,
): Promise<ToolOutcome> {
  try {
    return await body();
  } catch (error) {
    if (!(error instanceof ProtocolFailure) || context.signal.aborted) throw error;
    const details = toJson(error.details);
    return { ok: false, code: error.code, message: error.message, ...(details ? { details } : {}) };
  }
}

/** A successful outcome with a one-line summary for the tool card. */
export const success = (result: JsonValue, summary: string): ToolOutcome => ({
  ok: true,
  result,
  summary: summary.slice(0, 4_000),
});

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * `value` as plain JSON with snake_case keys, the style of every model-facing field.
 * Keys that are not identifiers (hidden reasons such as `aria-hidden`) stay as they are.
 */
export function modelJson(value: unknown): JsonValue {
  if (Array.isArray(value)) return value.map(modelJson);
  if (value === null || typeof value !== 'object') return (value ?? null) as JsonValue;
  const out: Record<string, JsonValue> = {};
  for (const [key, entry] of Object.entries(value)) {
    if (entry === undefined) continue;
    out[/^[a-z][A-Za-z0-9]*$/.test(key) ? snake(key) : key] = modelJson(entry);
  }
  return out;
}

/** The ref the model sees for element `number` of the top frame. */
export const topFrameRef = (number: number) => `e${number}`;

/** Thousands separated, for summaries. */
export const count = (value: number) => value.toLocaleString('en-US');
