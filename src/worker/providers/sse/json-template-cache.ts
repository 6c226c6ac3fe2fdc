// ## Owns
// Parsing stream event payloads that differ from a recent one only in the text of one
// string value, without running JSON.parse on them.
// ## Why
// A streamed answer is thousands of events written by one serializer: the same keys
// in the same order around a delta of a few words. JSON.parse of each is most of the
// cost of a 2 MB stream. Once an event has been parsed and checked in full, the text
// before and after its delta string is a template: a later event that starts and ends
// with exactly that text, with a valid JSON string body in between, has the same
// structure by the JSON grammar, so only its string needs decoding. Anything else (a
// different key, a changed finish reason, an escaped quote that would end the string
// early, a control character) does not match, and the caller parses it in full.
// ## Never
// Hands out a fresh object: the template's parsed value is reused, with its string
// replaced in place. Callers read it before the next event and keep nothing of it.

type Json = Record<string, unknown>;

interface Template {
  readonly prefix: string;
  readonly suffix: string;
  readonly root: Json;
  readonly parent: Json | unknown[];
  readonly key: string | number;
}

/** Templates kept per stream: enough for reasoning, text and tool deltas taking turns. */
const MAX_TEMPLATES = 4;

function isSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

/** The body of a JSON string literal as its value, or undefined when it is not a valid body. */
function decodeStringBody(body: string): string | undefined {
  let isPlain = true;
  for (let at = 0; at < body.length && isPlain; at += 1) {
    const code = body.charCodeAt(at);
    isPlain = code >= 0x20 && code !== 0x22 && code !== 0x5c;
  }
  if (isPlain) return body;
  try {
    const value: unknown = JSON.parse(`"${body}"`);
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Offset of the quote ending the string literal whose body starts at `start`, or -1. */
function stringEnd(data: string, start: number): number {
  for (let at = start; at < data.length; at += 1) {
    const code = data.charCodeAt(at);
    if (code === 0x5c) at += 1;
    else if (code === 0x22) return at;
  }
  return -1;
}

/** Learned templates of one stream. */
export class JsonTemplateCache {
  private templates: Template[] = [];

  /** The parsed value of `data` when it fits a learned template, else undefined. */
  match(data: string): Json | undefined {
    for (let index = 0; index < this.templates.length; index += 1) {
      const template = this.templates[index] as Template;
      const { prefix, suffix } = template;
      if (
        data.length < prefix.length + suffix.length ||
        !data.startsWith(prefix) ||
        !data.endsWith(suffix)
      )
        continue;
      const value = decodeStringBody(data.slice(prefix.length, data.length - suffix.length));
      if (value === undefined) return undefined;
      (template.parent as Json)[template.key] = value;
      if (index > 0) {
        this.templates.splice(index, 1);
        this.templates.unshift(template);
      }
      return template.root;
    }
    return undefined;
  }

  /**
   * Learns `data`, already parsed in full as `root` and checked, as a template whose
   * only varying part is the string at `path`. Does nothing when that string cannot be
   * told apart in the text: its key must occur once, and the literal found there must
   * decode to the parsed value.
   */
  learn(data: string, root: Json, path: readonly (string | number)[]): void {
    let parent: unknown = root;
    for (const step of path.slice(0, -1)) {
      if (typeof parent !== 'object' || parent === null) return;
      parent = (parent as Json)[step];
    }
    const key = path[path.length - 1];
    if (typeof parent !== 'object' || parent === null || typeof key !== 'string') return;
    const value = (parent as Json)[key];
    if (typeof value !== 'string') return;
    const token = JSON.stringify(key);
    const found = data.indexOf(token);
    if (found === -1 || data.indexOf(token, found + 1) !== -1) return;
    let at = found + token.length;
    while (isSpace(data.charCodeAt(at))) at += 1;
    if (data.charCodeAt(at) !== 0x3a) return;
    at += 1;
    while (isSpace(data.charCodeAt(at))) at += 1;
    if (data.charCodeAt(at) !== 0x22) return;
    const start = at + 1;
    const end = stringEnd(data, start);
    if (end === -1 || decodeStringBody(data.slice(start, end)) !== value) return;
    this.templates.unshift({
      prefix: data.slice(0, start),
      suffix: data.slice(end),
      root,
      parent: parent as Json,
      key,
    });
    if (this.templates.length > MAX_TEMPLATES) this.templates.length = MAX_TEMPLATES;
  }
}
