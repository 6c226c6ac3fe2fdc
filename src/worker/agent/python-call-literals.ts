// ## Owns
// Python-style call lists as Llama 3.2 / 4 and Liquid LFM2 write them:
// `[click(ref='e12'), get_weather(city="LA", days=3)]`.
// ## Must never
// Evaluate anything. Only plain literals become arguments: strings, finite numbers,
// True / False / None (and their JSON spellings), lists and dicts with string keys.
// Any other expression (a variable, a call, a bytes string, arithmetic) makes the
// whole list unreadable, so the reply stays text.

/** One call read from the list: its name and keyword arguments as JSON values. */
export interface PythonCall {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
}

/** Deepest nesting of lists and dicts read inside one argument. */
const MAX_DEPTH = 16;

const NAME = /[A-Za-z_][\w]*(?:\.[A-Za-z_][\w]*)*/y;
const KEYWORD = /[A-Za-z_]\w*/y;
const NUMBER = /-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
const WORDS: Readonly<Record<string, unknown>> = {
  True: true,
  False: false,
  None: null,
  true: true,
  false: false,
  null: null,
};
const ESCAPES: Readonly<Record<string, string>> = {
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  '0': '\0',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '/': '/',
};

class LiteralReader {
  index: number;
  constructor(
    readonly text: string,
    start: number,
  ) {
    this.index = start;
  }

  skipSpace(): void {
    while (/\s/.test(this.text.charAt(this.index))) this.index += 1;
  }

  /** Consumes `char` after optional space; false (and nothing consumed) when absent. */
  take(char: string): boolean {
    this.skipSpace();
    if (this.text.charAt(this.index) !== char) return false;
    this.index += 1;
    return true;
  }

  match(pattern: RegExp): string | null {
    this.skipSpace();
    pattern.lastIndex = this.index;
    const found = pattern.exec(this.text);
    if (!found) return null;
    this.index += found[0].length;
    return found[0];
  }

  string(): string | undefined {
    const quote = this.text.charAt(this.index);
    let value = '';
    for (let at = this.index + 1; at < this.text.length; at += 1) {
      const char = this.text.charAt(at);
      if (char === quote) {
        this.index = at + 1;
        return value;
      }
      if (char === '\n') return undefined;
      if (char !== '\\') {
        value += char;
        continue;
      }
      const next = this.text.charAt(at + 1);
      const hex = next === 'u' ? 4 : next === 'x' ? 2 : 0;
      if (hex > 0) {
        const digits = this.text.slice(at + 2, at + 2 + hex);
        if (digits.length !== hex || !/^[0-9a-fA-F]+$/.test(digits)) return undefined;
        value += String.fromCharCode(parseInt(digits, 16));
        at += 1 + hex;
      } else {
        const escaped = ESCAPES[next];
        if (escaped === undefined) return undefined;
        value += escaped;
        at += 1;
      }
    }
    return undefined;
  }

  /** A plain literal, or undefined when the text here is anything else. */
  literal(depth: number): unknown {
    if (depth > MAX_DEPTH) return undefined;
    this.skipSpace();
    const char = this.text.charAt(this.index);
    if (char === "'" || char === '"') return this.string();
    if (char === '[') return this.list(depth);
    if (char === '{') return this.dict(depth);
    const number = this.match(NUMBER);
    if (number !== null) {
      const value = Number(number);
      return Number.isFinite(value) && !/[\w.]/.test(this.text.charAt(this.index))
        ? value
        : undefined;
    }
    const word = this.match(KEYWORD);
    return word !== null && word in WORDS ? WORDS[word] : undefined;
  }

  /** Items up to `close`, a trailing comma allowed; false when one is unreadable. */
  items(close: string, readItem: () => boolean): boolean {
    if (this.take(close)) return true;
    for (;;) {
      if (!readItem()) return false;
      if (this.take(close)) return true;
      if (!this.take(',')) return false;
      if (this.take(close)) return true;
    }
  }

  list(depth: number): unknown[] | undefined {
    this.index += 1;
    const values: unknown[] = [];
    const ok = this.items(']', () => {
      const value = this.literal(depth + 1);
      values.push(value);
      return value !== undefined;
    });
    return ok ? values : undefined;
  }

  dict(depth: number): Record<string, unknown> | undefined {
    this.index += 1;
    const entries: Record<string, unknown> = {};
    const ok = this.items('}', () => {
      const key = this.literal(depth + 1);
      if (typeof key !== 'string' || Object.hasOwn(entries, key) || !this.take(':')) return false;
      const value = this.literal(depth + 1);
      entries[key] = value;
      return value !== undefined;
    });
    return ok ? entries : undefined;
  }

  call(): PythonCall | undefined {
    const name = this.match(NAME);
    if (name === null || !this.take('(')) return undefined;
    const args: Record<string, unknown> = {};
    const ok = this.items(')', () => {
      const keyword = this.match(KEYWORD);
      if (keyword === null || Object.hasOwn(args, keyword) || !this.take('=')) return false;
      const value = this.literal(0);
      args[keyword] = value;
      return value !== undefined;
    });
    return ok ? { name, arguments: args } : undefined;
  }
}

/**
 * The call list `[name(key=value, …), …]` that starts at `start` (after optional
 * space), with the index just past its `]`; null when the text there is not one.
 */
export function readPythonCallList(
  text: string,
  start: number,
): { readonly calls: PythonCall[]; readonly end: number } | null {
  const reader = new LiteralReader(text, start);
  if (!reader.take('[')) return null;
  const calls: PythonCall[] = [];
  const ok = reader.items(']', () => {
    const call = reader.call();
    if (call) calls.push(call);
    return call !== undefined;
  });
  return ok && calls.length > 0 ? { calls, end: reader.index } : null;
}
