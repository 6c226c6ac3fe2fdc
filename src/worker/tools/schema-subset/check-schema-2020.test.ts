// JSON Schema 2020-12 features MCP servers send: local $defs/$ref and type arrays
// for nullable parameters. Before, both were refused and the tool was left out.
import { describe, expect, it } from 'vitest';
import { parseExternalArguments } from '../../integrations/external-arguments';
import { checkSchemaSubset } from './check-schema-subset';

const withDefs = {
  type: 'object',
  $defs: {
    Address: {
      type: 'object',
      properties: { street: { type: 'string' }, city: { type: 'string' } },
      required: ['city'],
    },
  },
  properties: { home: { $ref: '#/$defs/Address' }, note: { type: ['string', 'null'] } },
};

describe('checkSchemaSubset with 2020-12 schemas', () => {
  it('accepts local $defs with $ref and type arrays', () => {
    expect(checkSchemaSubset(withDefs, { allowMcpHeader: true })).toMatchObject({ ok: true });
    expect(
      checkSchemaSubset({
        type: 'object',
        definitions: { N: { type: 'integer' } },
        properties: { n: { $ref: '#/definitions/N' } },
      }),
    ).toMatchObject({ ok: true });
  });

  it('refuses a $ref that leaves the schema or names no definition', () => {
    for (const $ref of ['https://example.com/s.json', '#/$defs/Missing', '#/properties/a', '#'])
      expect(
        checkSchemaSubset({ type: 'object', $defs: { A: {} }, properties: { a: { $ref } } }),
      ).toMatchObject({ ok: false, code: 'INVALID_SCHEMA' });
  });

  it('refuses type arrays that repeat or name unknown types', () => {
    expect(
      checkSchemaSubset({ type: 'object', properties: { a: { type: ['string', 'string'] } } }),
    ).toMatchObject({ ok: false });
    expect(
      checkSchemaSubset({ type: 'object', properties: { a: { type: ['text'] } } }),
    ).toMatchObject({ ok: false });
  });

  it('refuses x-mcp-header reached through $ref', () => {
    const schema = {
      type: 'object',
      $defs: { R: { type: 'string', 'x-mcp-header': 'Region' } },
      properties: { region: { $ref: '#/$defs/R' } },
    };
    expect(checkSchemaSubset(schema, { allowMcpHeader: true })).toMatchObject({
      ok: false,
      code: 'INVALID_MCP_HEADER',
    });
  });
});

describe('argument validation with 2020-12 schemas', () => {
  it('follows $ref and accepts null where the type allows it', () => {
    expect(
      parseExternalArguments({ home: { city: 'Oslo' }, note: null }, withDefs, true),
    ).toMatchObject({ ok: true });
    expect(parseExternalArguments({ home: { street: 'x' } }, withDefs, true)).toMatchObject({
      ok: false,
    });
    expect(parseExternalArguments({ note: 3 }, withDefs, true)).toMatchObject({ ok: false });
  });
});
