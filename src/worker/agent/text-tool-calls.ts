// ## Owns
// Tool calls a model wrote as text instead of through the API's tool-call channel:
// many local models (served without a tool-call parser, or fine-tuned on another
// template) answer `<tool_call>{"name": …, "arguments": …}</tool_call>` (Hermes,
// Qwen), `[TOOL_CALLS][…]` (Mistral), `<function=name>{…}</function>` or
// `<|python_tag|>{…}` (Llama 3.x), DeepSeek's `<｜tool▁call▁begin｜>` blocks, a fenced
// JSON object, or a bare one. Such a reply becomes calls when, and only when, every
// call names a tool this run offers and its arguments validate against that tool's
// schema; anything else stays the model's text, untouched.
// ## Why all or nothing
// A reply that mixes one valid call with one that names no tool is not a reliable
// call: running half of it would act on a guess. It stays text, as the model wrote it.
import type { ModelToolDefinition } from '../providers/model-adapter';
import { validateParsedArguments } from '../tools/validate-arguments';
import type { ToolCallPart } from './turn';

/** Longest reply looked at (a tool call is short; a long essay is an answer). */
const MAX_TEXT_CHARS = 64_000;
/** Most calls taken from one reply. */
const MAX_CALLS = 8;

interface Candidate {
  readonly name: unknown;
  readonly arguments: unknown;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.trim());
  } catch {
    return undefined;
  }
}

/** `{name, arguments | parameters | args}`, arguments as an object or a JSON string. */
function candidateOf(value: unknown, name?: string): Candidate | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (name !== undefined) return { name, arguments: record };
  const fn = record['function'];
  if (typeof fn === 'object' && fn !== null) return candidateOf(fn);
  const args = record['arguments'] ?? record['parameters'] ?? record['args'] ?? {};
  return {
    name: record['name'],
    arguments: typeof args === 'string' ? parseJson(args) : args,
  };
}

const candidatesOf = (value: unknown): (Candidate | null)[] =>
  Array.isArray(value) ? value.map((entry) => candidateOf(entry)) : [candidateOf(value)];

interface Found {
  readonly candidates: readonly (Candidate | null)[];
  /** The reply without the call blocks (the model's prose around them). */
  readonly rest: string;
}

/** Every block `pattern` matches, each made a candidate by `make`; null when none. */
function blocks(
  text: string,
  pattern: RegExp,
  make: (match: RegExpMatchArray) => (Candidate | null)[],
): Found | null {
  const matches = [...text.matchAll(pattern)];
  if (matches.length === 0) return null;
  return { candidates: matches.flatMap(make), rest: text.replace(pattern, '').trim() };
}

/** Each template finds the call blocks of one format; null when the format is absent. */
const TEMPLATES: readonly ((text: string) => Found | null)[] = [
  (text) =>
    blocks(text, /<tool_call>\s*([\s\S]*?)\s*<\/tool_call>/g, (match) =>
      candidatesOf(parseJson(match[1] ?? '')),
    ),
  (text) =>
    blocks(text, /\[TOOL_CALLS\]\s*(\[[\s\S]*\]|\{[\s\S]*\})\s*$/g, (match) =>
      candidatesOf(parseJson(match[1] ?? '')),
    ),
  (text) =>
    blocks(text, /<function=([\w-]+)>\s*([\s\S]*?)\s*<\/function>/g, (match) => [
      candidateOf(parseJson(match[2] ?? ''), match[1]),
    ]),
  (text) =>
    blocks(text, /<\|python_tag\|>\s*([\s\S]*?)\s*(?:<\|eom_id\|>|<\|eot_id\|>)?\s*$/g, (match) =>
      candidatesOf(parseJson(match[1] ?? '')),
    ),
  (text) =>
    blocks(
      text,
      /<｜tool▁call▁begin｜>\s*function\s*<｜tool▁sep｜>\s*([\w-]+)\s*```(?:json)?\s*([\s\S]*?)\s*```\s*<｜tool▁call▁end｜>/g,
      (match) => [candidateOf(parseJson(match[2] ?? ''), match[1])],
    ),
  (text) => {
    // Only a reply that is nothing but one fenced JSON block, or a bare JSON value.
    const fenced = /^\s*```(?:json|tool_call)?\s*\n([\s\S]*?)\n\s*```\s*$/.exec(text);
    const body = fenced ? (fenced[1] ?? '') : text;
    if (!/^\s*[[{]/.test(body)) return null;
    const value = parseJson(body);
    return value === undefined ? null : { candidates: candidatesOf(value), rest: '' };
  },
];

/** A text reply's calls, or null when the reply is not (only) valid calls to offered tools. */
export function recoverTextToolCalls(
  text: string,
  tools: readonly ModelToolDefinition[],
  idPrefix: string,
): { readonly calls: ToolCallPart[]; readonly text: string } | null {
  if (text.length === 0 || text.length > MAX_TEXT_CHARS || tools.length === 0) return null;
  const byName = new Map(tools.map((tool) => [tool.name, tool] as const));
  for (const template of TEMPLATES) {
    const found = template(text);
    if (found === null) continue;
    const { candidates } = found;
    if (candidates.length === 0 || candidates.length > MAX_CALLS) return null;
    const calls: ToolCallPart[] = [];
    for (const [index, candidate] of candidates.entries()) {
      const tool = typeof candidate?.name === 'string' ? byName.get(candidate.name) : undefined;
      const args = candidate?.arguments;
      if (!tool || typeof args !== 'object' || args === null || Array.isArray(args)) return null;
      const checked = validateParsedArguments(args as Record<string, unknown>, tool.inputSchema);
      if (!checked.ok) return null;
      calls.push({
        type: 'tool-call',
        id: `${idPrefix}-${index + 1}`,
        name: tool.name,
        argumentsText: JSON.stringify(checked.value),
        isArgumentsJson: true,
      });
    }
    // DeepSeek wraps its blocks in an outer pair that carries no call of its own.
    const rest = found.rest.replace(/<｜tool▁calls▁(?:begin|end)｜>/g, '').trim();
    return { calls, text: rest };
  }
  return null;
}
