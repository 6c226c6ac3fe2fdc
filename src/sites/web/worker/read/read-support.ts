// ## Owns
// What the web read tools share beyond every tool's page call and outcome shape: the
// snake_case keys the model reads and the ref names the model sees.
export { asOutcome, callPage, success } from '../../../../worker/tools/tool-outcome';
import type { JsonValue } from '../../../../worker/tools/define-tool';

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
