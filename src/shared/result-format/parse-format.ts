// ## Owns
// What the person typed after /json, turned into the JSON Schema an answer's data
// must match. Two ways to write it: a short field list (`name, price:number,
// tags:string[], note?`; in square brackets for a list of such items) or a JSON
// Schema object. Both are checked here for what a person can get wrong; the worker
// gates the schema again before a run uses it, since only it holds the full gate.
// ## Why a field list builds a closed object
// Extra keys in returned data are usually the model adding what nobody asked for;
// refusing them (additionalProperties: false) sends it back to the format asked for.
import type { ResultFormat } from '../protocol/result-format';

/** Characters the person may type after /json. */
export const MAX_TYPED_FORMAT_CHARS = 4_000;
export const MAX_FORMAT_FIELDS = 40;
const MAX_FIELD_NAME_CHARS = 60;
/** Items a list format accepts: data beyond this is not what a chat answer should carry. */
export const MAX_LIST_ITEMS = 1_000;
const MAX_JSON_DEPTH = 12;

const FIELD_TYPES = ['string', 'number', 'integer', 'boolean'] as const;
const SCHEMA_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

export type FormatParse =
  | { readonly ok: true; readonly format: ResultFormat }
  | { readonly ok: false; readonly message: string };

const refuse = (message: string): FormatParse => ({ ok: false, message });

interface Field {
  readonly name: string;
  readonly optional: boolean;
  readonly type: (typeof FIELD_TYPES)[number];
  readonly list: boolean;
}

function parseField(part: string): Field | string {
  const match = /^([^:?]+?)\s*(\?)?\s*(?::\s*([A-Za-z]+)\s*(\[\])?)?$/.exec(part);
  if (!match) return `\u201c${part.slice(0, 60)}\u201d is not a field. Write name or name:type.`;
  const name = (match[1] ?? '').trim();
  if (name.length > MAX_FIELD_NAME_CHARS)
    return `A field name is at most ${MAX_FIELD_NAME_CHARS} characters.`;
  if (!/^[\p{L}_][\p{L}\p{N}_ -]*$/u.test(name))
    return `\u201c${name.slice(0, 60)}\u201d is not a field name: use letters, digits, spaces, - and _, starting with a letter.`;
  const typed = (match[3] ?? 'string').toLowerCase();
  const type = FIELD_TYPES.find((known) => known === typed);
  if (!type)
    return `\u201c${typed.slice(0, 20)}\u201d is not a type. Use string, number, integer or boolean, with [] for a list.`;
  return { name, optional: match[2] === '?', type, list: match[4] === '[]' };
}

function fieldLabel(field: Field): string {
  const type =
    field.type === 'string' && !field.list ? '' : `: ${field.type}${field.list ? '[]' : ''}`;
  return `${field.name}${field.optional ? '?' : ''}${type}`;
}

function parseFieldList(text: string): FormatParse {
  const list = text.startsWith('[');
  if (list && !text.endsWith(']')) return refuse('A list format opens with [ and closes with ].');
  const inner = list ? text.slice(1, -1) : text;
  const parts = inner
    .split(/[,;\n]/)
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (parts.length === 0) return refuse('Name at least one field, e.g. /json name, price:number.');
  if (parts.length > MAX_FORMAT_FIELDS)
    return refuse(`A format has at most ${MAX_FORMAT_FIELDS} fields.`);
  const fields: Field[] = [];
  for (const part of parts) {
    const field = parseField(part);
    if (typeof field === 'string') return refuse(field);
    if (fields.some((seen) => seen.name === field.name))
      return refuse(`\u201c${field.name}\u201d is named twice.`);
    fields.push(field);
  }
  const properties = Object.fromEntries(
    fields.map((field) => [
      field.name,
      field.list ? { type: 'array', items: { type: field.type } } : { type: field.type },
    ]),
  );
  const item = {
    type: 'object',
    properties,
    required: fields.filter((field) => !field.optional).map((field) => field.name),
    additionalProperties: false,
  };
  const schema = list ? { type: 'array', items: item, maxItems: MAX_LIST_ITEMS } : item;
  const names = fields.map(fieldLabel).join(', ');
  return {
    ok: true,
    format: { label: list ? `a list of {${names}}` : `{${names}}`, schema: JSON.stringify(schema) },
  };
}

function depthOf(value: unknown, depth = 0): number {
  if (depth > MAX_JSON_DEPTH || value === null || typeof value !== 'object') return depth;
  let deepest = depth;
  for (const child of Object.values(value)) deepest = Math.max(deepest, depthOf(child, depth + 1));
  return deepest;
}

function typesAreKnown(type: unknown): boolean {
  if (type === undefined) return true;
  const types = Array.isArray(type) ? type : [type];
  return types.length > 0 && types.every((one) => typeof one === 'string' && SCHEMA_TYPES.has(one));
}

function parseJsonSchema(text: string): FormatParse {
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch {
    return refuse('That JSON Schema is not valid JSON. Check its quotes, commas and braces.');
  }
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema))
    return refuse('A JSON Schema is an object, e.g. {"type": "object", "properties": {…}}.');
  if (depthOf(schema) > MAX_JSON_DEPTH)
    return refuse(`That JSON Schema nests deeper than ${MAX_JSON_DEPTH} levels.`);
  const record = schema as Record<string, unknown>;
  if (!typesAreKnown(record['type']))
    return refuse('Its "type" must be string, number, integer, boolean, object, array or null.');
  const properties = record['properties'];
  const names =
    properties !== null && typeof properties === 'object' && !Array.isArray(properties)
      ? Object.keys(properties)
      : [];
  const title = typeof record['title'] === 'string' ? record['title'].trim().slice(0, 80) : '';
  const label =
    title !== ''
      ? title
      : names.length > 0
        ? `{${names.slice(0, 8).join(', ')}${names.length > 8 ? ', \u2026' : ''}}`
        : 'a JSON Schema';
  return { ok: true, format: { label, schema: JSON.stringify(schema) } };
}

/** The format `typed` describes, or the words that say what is wrong with it. */
export function parseResultFormat(typed: string): FormatParse {
  const text = typed.trim();
  if (text === '') return refuse('Say what the data should hold, e.g. /json name, price:number.');
  if (text.length > MAX_TYPED_FORMAT_CHARS)
    return refuse(`A format is at most ${MAX_TYPED_FORMAT_CHARS.toLocaleString('en')} characters.`);
  return text.startsWith('{') ? parseJsonSchema(text) : parseFieldList(text);
}
