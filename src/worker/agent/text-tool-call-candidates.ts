// The pieces every text tool-call format shares: what one call read from a reply
// looks like before it is checked, and careful readers for the JSON inside it.

/** One call as a format read it; its name and arguments are checked afterwards. */
export interface Candidate {
  readonly name: unknown;
  readonly arguments: unknown;
  /**
   * True when `arguments` maps names to the raw strings an XML-style format
   * carries (`<parameter=ref>e12</parameter>`); the tool's schema types them.
   */
  readonly isRaw?: boolean;
}

/** What one format found in a reply; a null candidate is a call that could not be read. */
export interface Found {
  readonly candidates: readonly (Candidate | null)[];
  /** The reply without the call blocks (the model's prose around them). */
  readonly rest: string;
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.trim());
  } catch {
    return undefined;
  }
}

/** `{name, arguments | parameters | args}`, arguments as an object or a JSON string. */
export function candidateOf(value: unknown, name?: string): Candidate | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const record = value as Record<string, unknown>;
  if (name !== undefined) return { name, arguments: record };
  const fn = record['function'];
  if (typeof fn === 'object' && fn !== null) return candidateOf(fn);
  // No default: a bare `{"name": "x"}` is as likely data as a call, and missing
  // arguments fail the object check that every call goes through.
  const args = record['arguments'] ?? record['parameters'] ?? record['args'];
  return {
    name: record['name'],
    arguments: typeof args === 'string' ? parseJson(args) : args,
  };
}

export const candidatesOf = (value: unknown): (Candidate | null)[] =>
  Array.isArray(value) ? value.map((entry) => candidateOf(entry)) : [candidateOf(value)];

/**
 * The JSON object or array that starts at `start` (after optional space), with the
 * index just past it, so text after it can stay prose; null when there is none.
 */
export function readJsonValue(
  text: string,
  start: number,
): { readonly value: unknown; readonly end: number } | null {
  let index = start;
  while (/\s/.test(text.charAt(index))) index += 1;
  const open = text.charAt(index);
  if (open !== '{' && open !== '[') return null;
  let depth = 0;
  let isInString = false;
  for (let at = index; at < text.length; at += 1) {
    const char = text.charAt(at);
    if (isInString) {
      if (char === '\\') at += 1;
      else if (char === '"') isInString = false;
    } else if (char === '"') isInString = true;
    else if (char === '{' || char === '[') depth += 1;
    else if (char === '}' || char === ']') {
      depth -= 1;
      if (depth === 0) {
        const value = parseJson(text.slice(index, at + 1));
        return value === undefined ? null : { value, end: at + 1 };
      }
    }
  }
  return null;
}

/**
 * JSON values one after another, separated by `;` or new lines (Llama 3.2 writes
 * parallel calls so); null unless the whole text is such a sequence.
 */
export function readJsonSequence(text: string): unknown[] | null {
  const values: unknown[] = [];
  let index = 0;
  for (;;) {
    const read = readJsonValue(text, index);
    if (!read) return null;
    values.push(read.value);
    const separator = /^\s*(;?)\s*/.exec(text.slice(read.end)) ?? [''];
    index = read.end + (separator[0]?.length ?? 0);
    if (index >= text.length) return values;
    if (separator[1] === '' && !/\n/.test(separator[0] ?? '')) return null;
  }
}

/** Raw XML-style parameter values typed by the tool's schema: only strings stay strings. */
export function typeRawArguments(
  raw: Readonly<Record<string, unknown>>,
  schema: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const properties = (schema['properties'] ?? {}) as Record<string, { type?: unknown } | undefined>;
  const typed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const declared = Object.hasOwn(properties, key) ? properties[key]?.type : undefined;
    const types = Array.isArray(declared) ? declared : [declared];
    const parsed =
      typeof value === 'string' && !types.includes('string') ? parseJson(value) : undefined;
    typed[key] = parsed === undefined ? value : parsed;
  }
  return typed;
}
