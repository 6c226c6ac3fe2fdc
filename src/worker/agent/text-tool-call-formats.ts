// ## Owns
// Finding the call blocks of each text format local model families use, in the
// order they are tried. A format that recognises its marker decides the reply: a
// block it cannot read makes the whole reply text, never a looser reading.
import { readPythonCallList } from './python-call-literals';
import {
  candidateOf,
  candidatesOf,
  readJsonSequence,
  readJsonValue,
  type Candidate,
  type Found,
} from './text-tool-call-candidates';
import { deepSeekCalls, harmonyCalls, kimiCalls } from './text-tool-call-markup';

/** `<parameter=ref>e12</parameter>` pairs (Qwen3-Coder); null when other text is left. */
function xmlParameters(body: string): Candidate['arguments'] | null {
  const pattern = /<parameter=([\w.-]+)>\n?([\s\S]*?)\n?<\/parameter>/g;
  if (body.replace(pattern, '').trim() !== '') return null;
  return Object.fromEntries(
    [...body.matchAll(pattern)].map((match) => [match[1] ?? '', match[2] ?? '']),
  );
}

/** `<function=name>` followed by a JSON object (Llama 3.1) or parameters (Qwen3-Coder). */
function functionBody(name: string, body: string): Candidate | null {
  const trimmed = body.trim();
  if (trimmed === '') return { name, arguments: {} };
  if (trimmed.startsWith('{')) {
    const read = readJsonValue(trimmed, 0);
    return read && read.end === trimmed.length ? candidateOf(read.value, name) : null;
  }
  const raw = xmlParameters(trimmed);
  return raw === null ? null : { name, arguments: raw, isRaw: true };
}

const FUNCTION_BLOCK = /<function=([\w.-]+)>([\s\S]*?)<\/function>/g;

/** Every `<function=…>` block of a text that must hold nothing else; null when it does. */
function functionBlocks(text: string): (Candidate | null)[] | null {
  if (text.replace(FUNCTION_BLOCK, '').trim() !== '') return null;
  return [...text.matchAll(FUNCTION_BLOCK)].map((match) =>
    functionBody(match[1] ?? '', match[2] ?? ''),
  );
}

/** One GLM key and value; neither may hold another key or value tag. */
const GLM_TEXT = String.raw`((?:(?!<\/?arg_(?:key|value)>)[\s\S])*)`;
const GLM_PAIR = new RegExp(
  `<arg_key>${GLM_TEXT}</arg_key>\\s*<arg_value>${GLM_TEXT}</arg_value>`,
  'g',
);

/** The body of one `<tool_call>` block: JSON (Hermes, Qwen, Granite 3.1), XML, or GLM. */
function toolCallBody(body: string, isClosed: boolean): (Candidate | null)[] {
  const trimmed = body.trim();
  if (/^[[{]/.test(trimmed)) {
    const read = readJsonValue(trimmed, 0);
    return read && read.end === trimmed.length ? candidatesOf(read.value) : [null];
  }
  // Only a JSON body may run to the end of the reply: other bodies cut short are cut-off replies.
  if (!isClosed) return [null];
  if (trimmed.startsWith('<function=')) return functionBlocks(trimmed) ?? [null];
  // GLM-4.5: the name, then `<arg_key>k</arg_key><arg_value>v</arg_value>` pairs.
  const glm = /^([\w.-]+)\s*([\s\S]*)$/.exec(trimmed);
  const pairs = [...(glm?.[2] ?? '').matchAll(GLM_PAIR)];
  if (!glm || (glm[2] ?? '').replace(GLM_PAIR, '').trim() !== '') return [null];
  const raw = Object.fromEntries(pairs.map((match) => [(match[1] ?? '').trim(), match[2] ?? '']));
  return [{ name: glm[1], arguments: raw, isRaw: true }];
}

/** `<tool_call>…</tool_call>` blocks; the last may be left open (Granite 3.1 writes it so). */
function toolCallBlocks(text: string): Found | null {
  const pattern = /<tool_call>([\s\S]*?)(?:<\/tool_call>|$)/g;
  const matches = [...text.matchAll(pattern)];
  if (matches.length === 0) return null;
  return {
    candidates: matches.flatMap((match) =>
      toolCallBody(match[1] ?? '', match[0].endsWith('</tool_call>')),
    ),
    rest: text.replace(pattern, ''),
  };
}

type Reader = (
  text: string,
  start: number,
) => { candidates: (Candidate | null)[]; end: number } | null;

const json: Reader = (text, start) => {
  const read = readJsonValue(text, start);
  return read && { candidates: candidatesOf(read.value), end: read.end };
};

const pythonic: Reader = (text, start) => {
  const read = readPythonCallList(text, start);
  return read && { candidates: read.calls, end: read.end };
};

/**
 * Mistral's `[TOOL_CALLS]`: a JSON list (before v11), or `name{…}` / `name[ARGS]{…}`
 * once per call (v11 and later).
 */
const mistral: Reader = (text, start) => {
  const list = json(text, start);
  if (list) return list;
  const named = /^\s*([\w.-]+)(?:\[CALL_ID\][\w-]+)?(?:\[ARGS\])?/.exec(text.slice(start));
  const read = named ? readJsonValue(text, start + named[0].length) : null;
  return named && read ? { candidates: [candidateOf(read.value, named[1])], end: read.end } : null;
};

/**
 * Each `marker` followed by what `read` reads, then `close` when given; prose
 * around them is the rest. Null when the marker is absent.
 */
function afterMarker(text: string, marker: string, read: Reader, close = ''): Found | null {
  if (!text.includes(marker)) return null;
  const candidates: (Candidate | null)[] = [];
  let rest = '';
  let index = 0;
  for (let at = text.indexOf(marker); at >= 0; at = text.indexOf(marker, index)) {
    rest += text.slice(index, at);
    const found = read(text, at + marker.length);
    if (!found) return { candidates: [null], rest };
    candidates.push(...found.candidates);
    index = found.end;
    const closing = /^\s*/.exec(text.slice(index))?.[0].length ?? 0;
    if (close !== '' && text.startsWith(close, index + closing)) index += closing + close.length;
  }
  return { candidates, rest: rest + text.slice(index) };
}

/** A reply that is nothing but calls: one fenced JSON block, bare JSON, or a Python list. */
function wholeReply(text: string): Found | null {
  const fenced = /^\s*```(?:json|tool_call)?\s*\n([\s\S]*?)\n\s*```\s*$/.exec(text);
  const body = (fenced ? (fenced[1] ?? '') : text).trim();
  if (!/^[[{]/.test(body)) return null;
  const values = readJsonSequence(body);
  if (values) return { candidates: values.flatMap(candidatesOf), rest: '' };
  const calls = readPythonCallList(body, 0);
  return calls && calls.end === body.length ? { candidates: calls.calls, rest: '' } : null;
}

/** Each format finds the call blocks of one template; null when its marker is absent. */
export const FORMATS: readonly ((text: string) => Found | null)[] = [
  deepSeekCalls,
  kimiCalls,
  harmonyCalls,
  toolCallBlocks,
  (text) => afterMarker(text, '[TOOL_CALLS]', mistral),
  (text) => afterMarker(text, '<|tool_call|>', json),
  // The list's own bracket is part of Phi-4-mini's marker, so prose about Python's
  // functools module is not mistaken for one.
  (text) => afterMarker(text, 'functools[', (body, start) => json(body, start - 1)),
  (text) => afterMarker(text, '<|python_start|>', pythonic, '<|python_end|>'),
  (text) => afterMarker(text, '<|tool_call_start|>', pythonic, '<|tool_call_end|>'),
  (text) => {
    if (!text.includes('<function=')) return null;
    const candidates = [...text.matchAll(FUNCTION_BLOCK)].map((match) =>
      functionBody(match[1] ?? '', match[2] ?? ''),
    );
    return { candidates, rest: text.replace(FUNCTION_BLOCK, '') };
  },
  (text) => {
    const match = /<\|python_tag\|>([\s\S]*?)(?:<\|eom_id\|>|<\|eot_id\|>)?\s*$/.exec(text);
    if (!match) return null;
    const values = readJsonSequence((match[1] ?? '').trim());
    return {
      candidates: values ? values.flatMap(candidatesOf) : [null],
      rest: text.slice(0, match.index),
    };
  },
  wholeReply,
];
