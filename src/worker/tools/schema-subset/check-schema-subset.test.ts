import { describe, expect, it } from 'vitest';
import { checkSchemaSubset, type SchemaSubsetCheck } from './check-schema-subset';

const object = (extra: Record<string, unknown> = {}) => ({ type: 'object', ...extra });

function errorsOf(result: SchemaSubsetCheck): Array<{ code: string; path: string }> {
  return result.ok ? [] : result.details.errors.map(({ code, path }) => ({ code, path }));
}

function nest(depth: number): Record<string, unknown> {
  let node: Record<string, unknown> = { type: 'string' };
  for (let level = 0; level < depth; level += 1) node = { type: 'object', properties: { a: node } };
  return node;
}

describe('checkSchemaSubset', () => {
  it('accepts every supported keyword and annotation', () => {
    const schema = {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      title: 'Search',
      description: 'Search the index.',
      properties: {
        query: {
          type: 'string',
          minLength: 1,
          maxLength: 200,
          pattern: '^[^\\n]{1,200}$',
          examples: ['typst'],
        },
        limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 },
        ratio: { type: 'number', minimum: -1.5, maximum: 1.5 },
        tags: {
          type: 'array',
          items: { type: 'string', enum: ['a', 'b'] },
          minItems: 0,
          maxItems: 5,
        },
        mode: { const: 'fast', deprecated: true, readOnly: false, writeOnly: false },
        any: true,
        never: false,
        either: { anyOf: [{ type: 'string' }, { type: 'null' }] },
        both: { allOf: [{ type: 'object', properties: {}, additionalProperties: false }, true] },
        one: { oneOf: [{ type: 'boolean' }, { type: 'integer' }] },
        tuple: { type: 'array', items: false },
      },
      required: ['query'],
      additionalProperties: false,
    };
    expect(checkSchemaSubset(schema)).toEqual({ ok: true, mcpHeaders: [] });
  });

  it.each<[unknown, string]>([
    [true, '$'],
    [false, '$'],
    [null, '$'],
    [[], '$'],
    ['object', '$'],
    [{ type: 'string' }, '$.type'],
    [{ properties: {} }, '$.type'],
  ])('refuses the non-object root %j at %s', (schema, path) => {
    expect(errorsOf(checkSchemaSubset(schema))[0]).toEqual({ code: 'INVALID_SCHEMA', path });
  });

  it.each([
    [{ patternProperties: { '^x': {} } }, '$.patternProperties'],
    [{ not: {} }, '$.not'],
    [{ format: 'email' }, '$.format'],
    [{ 'x-mcp-header': 'Region' }, '$["x-mcp-header"]'],
    [{ properties: { a: { type: 'array', items: { foo: 1 } } } }, '$.properties.a.items.foo'],
    [{ properties: { 'odd key': { uniqueItems: true } } }, '$.properties["odd key"].uniqueItems'],
  ])('refuses the unsupported keyword in %j at %s', (extra, path) => {
    expect(errorsOf(checkSchemaSubset(object(extra)))).toEqual([
      { code: 'UNSUPPORTED_SCHEMA_KEYWORD', path },
    ]);
  });

  it('refuses if/then with a path for each keyword', () => {
    expect(errorsOf(checkSchemaSubset(object({ if: { type: 'object' }, then: {} })))).toEqual([
      { code: 'UNSUPPORTED_SCHEMA_KEYWORD', path: '$.if' },
      { code: 'UNSUPPORTED_SCHEMA_KEYWORD', path: '$.then' },
    ]);
  });

  it.each([
    [{ properties: { a: { type: ['string', 'string'] } } }, '$.properties.a.type'],
    [{ $ref: '#/definitions/x' }, '$.$ref'],
    [{ properties: { a: { $defs: {} } } }, '$.properties.a.$defs'],
    [{ properties: { a: { type: 'float' } } }, '$.properties.a.type'],
    [{ properties: [] }, '$.properties'],
    [{ properties: { a: 'string' } }, '$.properties.a'],
    [{ properties: { a: null } }, '$.properties.a'],
    [{ required: 'a' }, '$.required'],
    [{ required: ['a', 1] }, '$.required[1]'],
    [{ required: ['a', 'a'] }, '$.required[1]'],
    [{ additionalProperties: { type: 'string' } }, '$.additionalProperties'],
    [{ properties: { a: { items: [{}] } } }, '$.properties.a.items'],
    [{ properties: { a: { minItems: -1 } } }, '$.properties.a.minItems'],
    [{ properties: { a: { maxLength: 1.5 } } }, '$.properties.a.maxLength'],
    [{ properties: { a: { minLength: '1' } } }, '$.properties.a.minLength'],
    [{ properties: { a: { minimum: '0' } } }, '$.properties.a.minimum'],
    [{ properties: { a: { minLength: 5, maxLength: 2 } } }, '$.properties.a.maxLength'],
    [{ properties: { a: { minItems: 3, maxItems: 1 } } }, '$.properties.a.maxItems'],
    [{ properties: { a: { minimum: 10, maximum: 1 } } }, '$.properties.a.maximum'],
    [{ properties: { a: { enum: [] } } }, '$.properties.a.enum'],
    [{ properties: { a: { enum: 'a' } } }, '$.properties.a.enum'],
    [{ properties: { a: { anyOf: [] } } }, '$.properties.a.anyOf'],
    [{ properties: { a: { oneOf: {} } } }, '$.properties.a.oneOf'],
    [{ properties: { a: { pattern: 5 } } }, '$.properties.a.pattern'],
    [{ title: 5 }, '$.title'],
    [{ deprecated: 'yes' }, '$.deprecated'],
    [{ examples: 'x' }, '$.examples'],
  ])('refuses the malformed keyword in %j at %s', (extra, path) => {
    expect(errorsOf(checkSchemaSubset(object(extra)))).toEqual([{ code: 'INVALID_SCHEMA', path }]);
  });

  it('refuses non-finite bounds that a JavaScript caller could pass', () => {
    expect(
      errorsOf(checkSchemaSubset(object({ properties: { a: { maximum: Infinity } } }))),
    ).toEqual([{ code: 'INVALID_SCHEMA', path: '$.properties.a.maximum' }]);
  });

  it('reports unsafe and malformed patterns with their path', () => {
    const schema = object({
      properties: { a: { pattern: '^(a+)+$' }, b: { items: { pattern: '[' } } },
    });
    expect(errorsOf(checkSchemaSubset(schema))).toEqual([
      { code: 'SCHEMA_PATTERN_UNSAFE', path: '$.properties.a.pattern' },
      { code: 'SCHEMA_PATTERN', path: '$.properties.b.items.pattern' },
    ]);
  });

  it.each(['(a|aa)*', '\\1', 'a{1,100000}', '^a*b*$'])(
    'refuses the ReDoS-prone pattern %j',
    (pattern) => {
      const result = checkSchemaSubset(object({ properties: { a: { type: 'string', pattern } } }));
      expect(result.ok).toBe(false);
      expect(errorsOf(result)[0]?.path).toBe('$.properties.a.pattern');
    },
  );

  it('accepts depth 20 and refuses depth 21 once, with the path where it overflowed', () => {
    expect(checkSchemaSubset(nest(20)).ok).toBe(true);
    const errors = errorsOf(checkSchemaSubset(nest(21)));
    expect(errors).toEqual([
      { code: 'SCHEMA_TOO_COMPLEX', path: `$${'.properties.a'.repeat(21)}` },
    ]);
  });

  it('refuses 1,000 levels of nesting without overflowing the stack', () => {
    expect(errorsOf(checkSchemaSubset(nest(1_000)))[0]?.code).toBe('SCHEMA_TOO_COMPLEX');
  });

  it('refuses 10,000 properties as too many nodes and stops walking', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 10_000 }, (_, index) => [`p${index}`, { type: 'string' }]),
    );
    const result = checkSchemaSubset(object({ properties }));
    expect(result.ok).toBe(false);
    expect(result.ok || result.details.errors.at(-1)).toMatchObject({
      code: 'SCHEMA_TOO_COMPLEX',
      path: '$.properties.p499',
    });
  });

  it('accepts exactly 500 nodes', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 499 }, (_, index) => [`p${index}`, true]),
    );
    expect(checkSchemaSubset(object({ properties })).ok).toBe(true);
  });

  it('bounds enum size, composition width and literal depth', () => {
    const enumOf = (count: number) =>
      object({ properties: { a: { enum: Array.from({ length: count }, (_, index) => index) } } });
    expect(checkSchemaSubset(enumOf(1_000)).ok).toBe(true);
    expect(errorsOf(checkSchemaSubset(enumOf(1_001)))).toEqual([
      { code: 'SCHEMA_TOO_COMPLEX', path: '$.properties.a.enum' },
    ]);
    const branches = (count: number) =>
      object({ anyOf: Array.from({ length: count }, () => true) });
    expect(checkSchemaSubset(branches(20)).ok).toBe(true);
    expect(errorsOf(checkSchemaSubset(branches(21)))).toEqual([
      { code: 'SCHEMA_TOO_COMPLEX', path: '$.anyOf' },
    ]);
    let deep: unknown = 1;
    for (let level = 0; level < 30; level += 1) deep = [deep];
    expect(errorsOf(checkSchemaSubset(object({ default: deep })))[0]?.code).toBe(
      'SCHEMA_TOO_COMPLEX',
    );
    expect(errorsOf(checkSchemaSubset(object({ const: { when: new Date(0) } })))).toEqual([
      { code: 'INVALID_SCHEMA', path: '$.const.when' },
    ]);
  });

  it('caps the shared literal budget across keywords', () => {
    const big = Array.from({ length: 999 }, () => [1, 2, 3, 4]);
    const properties = Object.fromEntries(
      Array.from({ length: 3 }, (_, index) => [`p${index}`, { enum: big }]),
    );
    expect(
      errorsOf(checkSchemaSubset(object({ properties }))).map((error) => error.code),
    ).toContain('SCHEMA_TOO_COMPLEX');
  });

  it('reports at most 8 errors and says there were more', () => {
    const properties = Object.fromEntries(
      Array.from({ length: 20 }, (_, index) => [`p${index}`, { foo: index }]),
    );
    const result = checkSchemaSubset(object({ properties }));
    expect(result).toMatchObject({
      ok: false,
      code: 'UNSUPPORTED_SCHEMA_KEYWORD',
      details: { truncated: true },
    });
    expect(errorsOf(result)).toHaveLength(8);
    expect(result.ok || result.message).toContain('$.properties.p0.foo');
  });

  it('treats __proto__ as an ordinary (unsupported) key', () => {
    const schema: unknown = JSON.parse('{"type":"object","__proto__":{"type":"string"}}');
    expect(errorsOf(checkSchemaSubset(schema))).toEqual([
      { code: 'UNSUPPORTED_SCHEMA_KEYWORD', path: '$.__proto__' },
    ]);
  });
});
