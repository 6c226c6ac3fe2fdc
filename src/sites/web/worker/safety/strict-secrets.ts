// ## Owns
// Strict secret mode for the web face's tools: when the person turned it on, every
// string a tool returns (page text, the tree, forms, fetched pages, error messages
// that quote the page) has its credential-like strings replaced by a marker before
// the model, the tool card or the stored chat sees it. Field values are withheld on
// the page whatever the mode; this covers secrets the page shows as text.
// ## Never
// Touches images (their base64 is not text) or data: URLs, or our own fixed words.
import { redactSecrets } from '../../../../shared/secrets/secret-text';
import type { JsonValue, ToolDefinition, ToolOutcome } from '../../../../worker/tools/define-tool';

/** How deep a result is walked; tool results are far shallower. */
const MAX_DEPTH = 32;

function redactText(text: string, found: { count: number }): string {
  if (text.startsWith('data:')) return text;
  const redacted = redactSecrets(text);
  found.count += redacted.count;
  return redacted.text;
}

function redactValue(value: JsonValue, found: { count: number }, depth: number): JsonValue {
  if (typeof value === 'string') return redactText(value, found);
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, found, depth + 1));
  const out: Record<string, JsonValue> = {};
  for (const [key, item] of Object.entries(value))
    out[key] = depth === 0 && key === 'images' ? item : redactValue(item, found, depth + 1);
  return out;
}

/** `outcome` with credential-like strings in its text replaced, and how many were. */
export function redactOutcome(outcome: ToolOutcome): { outcome: ToolOutcome; count: number } {
  const found = { count: 0 };
  if (outcome.ok) {
    const result = redactValue(outcome.result, found, 0);
    const summary = redactText(outcome.summary, found);
    return { outcome: { ...outcome, result, summary }, count: found.count };
  }
  const message = redactText(outcome.message, found);
  const details = outcome.details
    ? (redactValue(outcome.details, found, 0) as Record<string, JsonValue>)
    : undefined;
  const summary = outcome.summary === undefined ? undefined : redactText(outcome.summary, found);
  return {
    outcome: {
      ...outcome,
      message,
      ...(details ? { details } : {}),
      ...(summary === undefined ? {} : { summary }),
    },
    count: found.count,
  };
}

/** `tool` whose outcomes are redacted while the run's strict secret mode is on. */
export function strictSecrets<Args>(tool: ToolDefinition<Args>): ToolDefinition<Args> {
  return {
    ...tool,
    async execute(args, context) {
      const outcome = await tool.execute(args, context);
      if (context.strictSecretMode !== true) return outcome;
      return redactOutcome(outcome).outcome;
    },
  };
}
