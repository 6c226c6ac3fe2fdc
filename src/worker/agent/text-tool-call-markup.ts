// The formats whose calls sit between a model's own special tokens rather than
// in a tag pair: DeepSeek's `<｜tool▁call▁begin｜>` blocks, Kimi K2's tool-call
// section, and gpt-oss's harmony messages addressed `to=functions.name`.
import {
  candidateOf,
  readJsonValue,
  type Candidate,
  type Found,
} from './text-tool-call-candidates';

/** Every `pattern` match made candidates by `make`, the rest without them; null when none. */
function blocks(
  text: string,
  pattern: RegExp,
  make: (match: RegExpMatchArray) => Candidate | null,
): Found | null {
  const matches = [...text.matchAll(pattern)];
  if (matches.length === 0) return null;
  return { candidates: matches.map(make), rest: text.replace(pattern, '') };
}

/** A JSON object that is the whole of `body`, as `name`'s arguments. */
function wholeJson(name: string | undefined, body: string | undefined): Candidate | null {
  const trimmed = (body ?? '').trim();
  const read = readJsonValue(trimmed, 0);
  return name && read && read.end === trimmed.length ? candidateOf(read.value, name) : null;
}

/**
 * DeepSeek V3 (`function<｜tool▁sep｜>name` and a fenced JSON block) and V3.1
 * (`name<｜tool▁sep｜>{…}`), inside an outer pair that carries no call of its own.
 */
export function deepSeekCalls(text: string): Found | null {
  if (!text.includes('<｜tool▁call▁begin｜>')) return null;
  const found = blocks(text, /<｜tool▁call▁begin｜>([\s\S]*?)<｜tool▁call▁end｜>/g, (match) => {
    const body = match[1] ?? '';
    const v3 =
      /^\s*function\s*<｜tool▁sep｜>\s*([\w.-]+)\s*```(?:json)?\s*([\s\S]*?)\s*```\s*$/.exec(body);
    if (v3) return wholeJson(v3[1], v3[2]);
    const v31 = /^\s*([\w.-]+)\s*<｜tool▁sep｜>([\s\S]*)$/.exec(body);
    return v31 ? wholeJson(v31[1], v31[2]) : null;
  });
  // An opened call that never closes is a cut-off reply, not prose.
  if (!found) return { candidates: [null], rest: text };
  return { ...found, rest: found.rest.replace(/<｜tool▁calls▁(?:begin|end)｜>/g, '') };
}

/**
 * Kimi K2: `<|tool_call_begin|>functions.name:0 <|tool_call_argument_begin|>{…}
 * <|tool_call_end|>` inside `<|tool_calls_section_begin|>…_end|>`. A bare counter
 * id names no tool, and guessing one from the arguments would be a guess.
 */
export function kimiCalls(text: string): Found | null {
  if (!text.includes('<|tool_call_begin|>')) return null;
  const found = blocks(
    text,
    /<\|tool_call_begin\|>\s*(?:functions\.)?([\w.-]*?)(?::\d+)?\s*<\|tool_call_argument_begin\|>([\s\S]*?)<\|tool_call_end\|>/g,
    (match) => wholeJson(match[1], match[2]),
  );
  if (!found) return { candidates: [null], rest: text };
  return {
    ...found,
    rest: found.rest.replace(/<\|tool_calls_section_(?:begin|end)\|>/g, ''),
  };
}

/** gpt-oss harmony reasoning: an `analysis` message is never part of the answer. */
const HARMONY_ANALYSIS =
  /(?:<\|start\|>assistant)?<\|channel\|>analysis<\|message\|>[\s\S]*?(?:<\|end\|>|$)/g;
/** The framing tokens left around the final answer once the calls are taken out. */
const HARMONY_FRAMING =
  /<\|start\|>assistant|<\|channel\|>(?:final|commentary)<\|message\|>|<\|end\|>|<\|return\|>/g;

/**
 * gpt-oss harmony: a commentary message addressed `to=functions.name` (before or
 * after its channel), optionally `<|constrain|>json`, whose `<|message|>` is the
 * JSON arguments, ended by `<|call|>` (often cut as the stop token).
 */
export function harmonyCalls(text: string): Found | null {
  if (!text.includes('to=functions.')) return null;
  const pattern =
    /(?:<\|start\|>assistant\s*)?(?:<\|channel\|>commentary\s*)?to=functions\.([\w.-]+)\s*(?:<\|channel\|>commentary\s*)?(?:<\|constrain\|>\s*)?(?:json\s*)?<\|message\|>([\s\S]*?)(?:<\|call\|>|(?=<\|start\|>)|$)/g;
  const found = blocks(text, pattern, (match) => {
    const body = (match[2] ?? '').trim();
    return body === '' ? { name: match[1], arguments: {} } : wholeJson(match[1], body);
  });
  if (!found) return { candidates: [null], rest: text };
  return {
    ...found,
    rest: found.rest.replace(HARMONY_ANALYSIS, '').replace(HARMONY_FRAMING, ''),
  };
}
