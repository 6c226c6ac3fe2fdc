import { describe, expect, it } from 'vitest';
import {
  MAX_ARGUMENT_BYTES,
  compileArgumentValidator,
  parseToolArguments,
  utf8ByteLength,
  validateParsedArguments,
  validateToolArguments,
  type ArgumentsCheck,
} from './validate-arguments';

const schema = {
  type: 'object',
  properties: {
    query: { type: 'string', minLength: 2, maxLength: 5, pattern: '^[a-z🙂]+$' },
    limit: { type: 'integer', minimum: 1, maximum: 10 },
    tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, maxItems: 3 },
    mode: { anyOf: [{ const: 'fast' }, { const: 'slow' }] },
    pick: { oneOf: [{ type: 'integer' }, { type: 'number', minimum: 0 }] },
    point: {
      type: 'object',
      properties: { x: { type: 'number' } },
      required: ['x'],
      additionalProperties: false,
    },
    choice: { enum: [{ a: 1, b: [1, 2] }] },
    never: false,
  },
  required: ['query'],
  additionalProperties: false,
};

function issuesOf(result: ArgumentsCheck): Array<{ path: string; keyword: string }> {
  if (result.ok) return [];
  const errors = (result.details['errors'] ?? []) as Array<{ path: string; keyword: string }>;
  return errors.map(({ path, keyword }) => ({ path, keyword }));
}

describe('parseToolArguments', () => {
  it('parses an object root', () => {
    expect(parseToolArguments('{"a":[1,{"b":null}]}')).toEqual({
      ok: true,
      value: { a: [1, { b: null }] },
    });
  });

  it.each<[unknown, string]>([
    [{ a: 1 }, 'ARGUMENTS_NOT_JSON_TEXT'],
    [undefined, 'ARGUMENTS_NOT_JSON_TEXT'],
    ['', 'ARGUMENTS_PARSE_ERROR'],
    ['{"a":', 'ARGUMENTS_PARSE_ERROR'],
    ["{'a':1}", 'ARGUMENTS_PARSE_ERROR'],
    ['{"a":1}{"b":2}', 'ARGUMENTS_PARSE_ERROR'],
    ['{"a":NaN}', 'ARGUMENTS_PARSE_ERROR'],
    ['{"a":1e999}', 'ARGUMENTS_PARSE_ERROR'],
    ['[]', 'ARGUMENTS_ROOT_TYPE'],
    ['null', 'ARGUMENTS_ROOT_TYPE'],
    ['"text"', 'ARGUMENTS_ROOT_TYPE'],
    ['42', 'ARGUMENTS_ROOT_TYPE'],
  ])('refuses %j with %s', (text, code) => {
    expect(parseToolArguments(text)).toMatchObject({ ok: false, code });
  });

  it('reports the path of an overflowing number', () => {
    expect(parseToolArguments('{"a":[0,-1e400]}')).toMatchObject({ details: { path: '$.a[1]' } });
  });

  it('refuses 300 KB of arguments and accepts exactly 256 KiB', () => {
    const padded = (bytes: number) => `{"a":"${'x'.repeat(bytes - 8)}"}`;
    expect(parseToolArguments(padded(MAX_ARGUMENT_BYTES)).ok).toBe(true);
    expect(parseToolArguments(padded(MAX_ARGUMENT_BYTES + 1))).toMatchObject({
      code: 'ARGUMENTS_TOO_LARGE',
    });
    expect(parseToolArguments(padded(300_000))).toMatchObject({ code: 'ARGUMENTS_TOO_LARGE' });
  });

  it('counts UTF-8 bytes, not UTF-16 units', () => {
    expect(utf8ByteLength('aé€🙂')).toBe(1 + 2 + 3 + 4);
    expect(utf8ByteLength('\ud800x')).toBe(4);
    const emoji = '🙂'.repeat(MAX_ARGUMENT_BYTES / 4);
    expect(emoji.length).toBeLessThan(MAX_ARGUMENT_BYTES);
    expect(parseToolArguments(`{"a":"${emoji}"}`)).toMatchObject({ code: 'ARGUMENTS_TOO_LARGE' });
  });

  it('refuses deep nesting with the path where the limit was crossed', () => {
    expect(parseToolArguments(`{"a":${'['.repeat(20)}${']'.repeat(20)}}`).ok).toBe(true);
    const deep = parseToolArguments(`{"a":${'['.repeat(21)}${']'.repeat(21)}}`);
    expect(deep).toMatchObject({
      code: 'ARGUMENT_COMPLEXITY',
      details: { path: `$.a${'[0]'.repeat(20)}` },
    });
    const hostile = parseToolArguments(`{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`);
    expect(hostile).toMatchObject({ code: 'ARGUMENT_COMPLEXITY' });
  });

  it('refuses arrays over 10,000 items and more than 100,000 values', () => {
    expect(parseToolArguments(JSON.stringify({ a: new Array(10_000).fill(0) })).ok).toBe(true);
    expect(parseToolArguments(JSON.stringify({ a: new Array(10_001).fill(0) }))).toMatchObject({
      code: 'ARGUMENT_COMPLEXITY',
      details: { path: '$.a', length: 10_001 },
    });
    const wide = { a: Array.from({ length: 11 }, () => new Array(10_000).fill(0)) };
    expect(parseToolArguments(JSON.stringify(wide))).toMatchObject({ code: 'ARGUMENT_COMPLEXITY' });
  });
});

describe('validateToolArguments', () => {
  it('accepts valid arguments and returns the parsed value', () => {
    const text = JSON.stringify({
      query: 'abc',
      limit: 3,
      tags: ['a'],
      mode: 'slow',
      pick: 1.5,
      point: { x: 1 },
    });
    expect(validateToolArguments(text, schema)).toMatchObject({
      ok: true,
      value: { query: 'abc', limit: 3 },
    });
  });

  it('counts string length in code points, as @cfworker/json-schema does', () => {
    expect(validateToolArguments('{"query":"🙂🙂🙂🙂🙂"}', schema).ok).toBe(true);
    expect(issuesOf(validateToolArguments('{"query":"🙂🙂🙂🙂🙂🙂"}', schema))).toEqual([
      { path: '$.query', keyword: 'maxLength' },
    ]);
    expect(issuesOf(validateToolArguments('{"query":"🙂"}', schema))).toEqual([
      { path: '$.query', keyword: 'minLength' },
    ]);
  });

  it('compares enum and const structurally regardless of key order', () => {
    expect(validateToolArguments('{"query":"ab","choice":{"b":[1,2],"a":1}}', schema).ok).toBe(
      true,
    );
    expect(
      issuesOf(validateToolArguments('{"query":"ab","choice":{"b":[2,1],"a":1}}', schema)),
    ).toEqual([{ path: '$.choice', keyword: 'enum' }]);
  });

  it.each([
    ['{}', '$', 'required'],
    ['{"query":7}', '$.query', 'type'],
    ['{"query":"ABC"}', '$.query', 'pattern'],
    ['{"query":"ab","limit":2.5}', '$.limit', 'type'],
    ['{"query":"ab","limit":11}', '$.limit', 'maximum'],
    ['{"query":"ab","limit":0}', '$.limit', 'minimum'],
    ['{"query":"ab","tags":["a","c"]}', '$.tags[1]', 'enum'],
    ['{"query":"ab","tags":["a","a","a","a"]}', '$.tags', 'maxItems'],
    ['{"query":"ab","extra":1}', '$.extra', 'additionalProperties'],
    ['{"query":"ab","never":1}', '$.never', 'false'],
    ['{"query":"ab","point":{"x":1,"y":2}}', '$.point.y', 'additionalProperties'],
    ['{"query":"ab","point":{}}', '$.point', 'required'],
    ['{"query":"ab","mode":"medium"}', '$.mode', 'anyOf'],
    ['{"query":"ab","pick":2}', '$.pick', 'oneOf'],
  ])('refuses %s at %s (%s)', (text, path, keyword) => {
    const result = validateToolArguments(text, schema);
    expect(result).toMatchObject({ ok: false, code: 'ARGUMENTS_INVALID' });
    expect(issuesOf(result)[0]).toEqual({ path, keyword });
    expect(result.ok || result.message).toContain(path);
  });

  it('reports several issues, at most 8', () => {
    const keyed = Object.fromEntries(
      Array.from({ length: 20 }, (_, index) => [`extra${index}`, index]),
    );
    const result = validateToolArguments(JSON.stringify({ query: 1, ...keyed }), schema);
    expect(issuesOf(result)).toHaveLength(8);
  });

  it('writes odd keys in bracket form', () => {
    const text = JSON.stringify({ query: 'ab', 'a/b~c#d e': 1 });
    expect(issuesOf(validateToolArguments(text, schema))).toEqual([
      { path: '$["a/b~c#d e"]', keyword: 'additionalProperties' },
    ]);
  });

  it('refuses instead of throwing when the validator cannot address a key', () => {
    expect(validateToolArguments('{"query":"ab","\\ud800":1}', schema)).toMatchObject({
      ok: false,
      code: 'ARGUMENTS_INVALID',
    });
  });

  it('runs the parse checks before the schema', () => {
    expect(validateToolArguments('[1]', schema)).toMatchObject({ code: 'ARGUMENTS_ROOT_TYPE' });
  });

  it('refuses schemas outside the subset instead of validating against them', () => {
    const result = validateToolArguments('{"a":"x"}', {
      type: 'object',
      properties: { a: { $ref: '#/x' } },
    });
    expect(result).toMatchObject({
      ok: false,
      code: 'INVALID_SCHEMA',
      details: { errors: [{ path: '$.properties.a.$ref' }] },
    });
    const redos = { type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' } } };
    expect(validateToolArguments(JSON.stringify({ a: `${'a'.repeat(40)}!` }), redos)).toMatchObject(
      { code: 'INVALID_SCHEMA' },
    );
  });

  it('accepts x-mcp-header only when asked to', () => {
    const mcpSchema = {
      type: 'object',
      properties: { region: { type: 'string', 'x-mcp-header': 'Region' } },
    };
    expect(validateToolArguments('{"region":"eu"}', mcpSchema, { allowMcpHeader: true }).ok).toBe(
      true,
    );
    expect(validateToolArguments('{"region":"eu"}', mcpSchema)).toMatchObject({
      code: 'INVALID_SCHEMA',
    });
  });

  it('ignores annotations when validating', () => {
    const annotated = {
      type: 'object',
      properties: { a: { type: 'string', default: { $id: 'x' }, examples: [{}], title: 't' } },
    };
    expect(validateToolArguments('{"a":"x"}', annotated).ok).toBe(true);
  });
});

describe('compileArgumentValidator', () => {
  it('caches per schema object and option and leaves the schema untouched', () => {
    const tool = { type: 'object', properties: { a: { type: 'string' } } };
    const before = JSON.stringify(tool);
    const first = compileArgumentValidator(tool);
    expect(compileArgumentValidator(tool)).toBe(first);
    expect(compileArgumentValidator(tool, { allowMcpHeader: true })).not.toBe(first);
    expect(JSON.stringify(tool)).toBe(before);
    expect(Object.getOwnPropertyNames(tool)).toEqual(['type', 'properties']);
  });

  it('validates frozen schemas', () => {
    const frozen = Object.freeze({
      type: 'object',
      properties: Object.freeze({ a: Object.freeze({ type: 'string' }) }),
    });
    expect(validateParsedArguments({ a: 'x' }, frozen).ok).toBe(true);
    expect(validateParsedArguments({ a: 1 }, frozen).ok).toBe(false);
  });

  it('bounds already-parsed values too', () => {
    const value = { a: new Array(10_001).fill(0) };
    expect(validateParsedArguments(value, { type: 'object' })).toMatchObject({
      code: 'ARGUMENT_COMPLEXITY',
    });
  });
});

describe('validateToolArguments on large inputs', () => {
  it('matches a gated pattern against 250 KB in linear time', () => {
    const gated = { type: 'object', properties: { a: { type: 'string', pattern: '^[a-z]*x$' } } };
    const text = JSON.stringify({ a: `${'a'.repeat(250_000)}!` });
    const started = performance.now();
    expect(validateToolArguments(text, gated)).toMatchObject({ code: 'ARGUMENTS_INVALID' });
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('validates 10,000 array items against a composed schema quickly', () => {
    const composed = {
      type: 'object',
      properties: {
        items: {
          type: 'array',
          items: { anyOf: [{ type: 'integer' }, { type: 'string', maxLength: 3 }] },
        },
      },
    };
    const text = JSON.stringify({
      items: Array.from({ length: 10_000 }, (_, index) => (index % 2 ? index : 'ab')),
    });
    const started = performance.now();
    expect(validateToolArguments(text, composed).ok).toBe(true);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
