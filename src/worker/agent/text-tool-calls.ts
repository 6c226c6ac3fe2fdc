// ## Owns
// Tool calls a model wrote as text instead of through the API's tool-call channel:
// many local models (served without a tool-call parser, or fine-tuned on another
// template) answer in their family's own text format (the formats and the order
// they are tried in are in `text-tool-call-formats.ts`). Such a reply becomes
// calls when, and only when, every call names a tool this run offers and its
// arguments validate against that tool's schema; anything else stays the model's
// text, untouched.
// ## Why all or nothing
// A reply that mixes one valid call with one that names no tool is not a reliable
// call: running half of it would act on a guess. It stays text, as the model wrote it.
// ## Why a quoted call stays text
// A call inside a fenced block among prose is the model showing a call, not making
// one; only a reply that is nothing but that block is read as calls.
import type { ModelToolDefinition } from '../providers/model-adapter';
import { validateParsedArguments } from '../tools/validate-arguments';
import { typeRawArguments } from './text-tool-call-candidates';
import { FORMATS } from './text-tool-call-formats';
import type { ToolCallPart } from './turn';

/** Longest reply looked at (a tool call is short; a long essay is an answer). */
const MAX_TEXT_CHARS = 64_000;
/** Most calls taken from one reply. */
const MAX_CALLS = 8;

/** Text that starts a call in one of the formats, used to spot a quoted call. */
const CALL_MARKERS = [
  '<tool_call>',
  '[TOOL_CALLS]',
  '<function=',
  '<|python_tag|>',
  '<|python_start|>',
  '<|tool_call|>',
  '<|tool_call_start|>',
  '<|tool_call_begin|>',
  'functools[',
  'to=functions.',
] as const;

/**
 * The reply without the model's reasoning: everything up to a closing `</think>`
 * (servers often strip the opening tag but keep the rest of the block).
 */
function withoutReasoning(text: string): string {
  const close = text.lastIndexOf('</think>');
  return close < 0 ? text : text.slice(close + '</think>'.length);
}

/** A fenced block that holds a call marker, with prose outside it. */
function hasQuotedCall(text: string): boolean {
  const fences = [...text.matchAll(/(?:^|\n)[ \t]*```[^\n]*\n([\s\S]*?)\n[ \t]*```/g)];
  return fences.some((fence) => {
    const isWholeReply = text.trim() === fence[0].trim();
    return !isWholeReply && CALL_MARKERS.some((marker) => (fence[1] ?? '').includes(marker));
  });
}

/** The body of a reply that is one fenced block, else the reply itself. */
function unfenced(text: string): string {
  const fenced = /^\s*```[^\n]*\n([\s\S]*?)\n\s*```\s*$/.exec(text);
  const body = fenced?.[1];
  return body !== undefined && CALL_MARKERS.some((marker) => body.includes(marker)) ? body : text;
}

/** A text reply's calls, or null when the reply is not (only) valid calls to offered tools. */
export function recoverTextToolCalls(
  text: string,
  tools: readonly ModelToolDefinition[],
  idPrefix: string,
): { readonly calls: ToolCallPart[]; readonly text: string } | null {
  if (text.length === 0 || text.length > MAX_TEXT_CHARS || tools.length === 0) return null;
  const reply = withoutReasoning(text);
  if (hasQuotedCall(reply)) return null;
  const body = unfenced(reply);
  const byName = new Map(tools.map((tool) => [tool.name, tool] as const));
  for (const format of FORMATS) {
    const found = format(body);
    if (found === null) continue;
    const { candidates } = found;
    if (candidates.length === 0 || candidates.length > MAX_CALLS) return null;
    const calls: ToolCallPart[] = [];
    for (const [index, candidate] of candidates.entries()) {
      const tool = typeof candidate?.name === 'string' ? byName.get(candidate.name) : undefined;
      const raw = candidate?.arguments;
      if (!tool || typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
      const args =
        candidate?.isRaw === true
          ? typeRawArguments(raw as Record<string, unknown>, tool.inputSchema)
          : (raw as Record<string, unknown>);
      const checked = validateParsedArguments(args, tool.inputSchema);
      if (!checked.ok) return null;
      calls.push({
        type: 'tool-call',
        id: `${idPrefix}-${index + 1}`,
        name: tool.name,
        argumentsText: JSON.stringify(checked.value),
        isArgumentsJson: true,
      });
    }
    return { calls, text: found.rest.trim() };
  }
  return null;
}
