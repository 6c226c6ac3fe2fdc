import { describe, expect, it } from 'vitest';
import { checkSchemaSubset, type SchemaSubsetCheck } from './check-schema-subset';

const object = (extra: Record<string, unknown> = {}) => ({ type: 'object', ...extra });

function errorsOf(result: SchemaSubsetCheck): Array<{ code: string; path: string }> {
  return result.ok ? [] : result.details.errors.map(({ code, path }) => ({ code, path }));
}

describe('checkSchemaSubset with x-mcp-header', () => {
  const mcp = { allowMcpHeader: true };

  it('returns the header bindings of properties reached through properties', () => {
    const schema = object({
      properties: {
        region: { type: 'string', 'x-mcp-header': 'Region' },
        options: {
          type: 'object',
          properties: { dryRun: { type: 'boolean', 'x-mcp-header': 'Dry-Run' } },
        },
        count: { type: 'integer', 'x-mcp-header': 'Count' },
      },
    });
    expect(checkSchemaSubset(schema, mcp)).toEqual({
      ok: true,
      mcpHeaders: [
        { propertyPath: ['region'], header: 'Region', type: 'string' },
        { propertyPath: ['options', 'dryRun'], header: 'Dry-Run', type: 'boolean' },
        { propertyPath: ['count'], header: 'Count', type: 'integer' },
      ],
    });
  });

  it.each([
    [{ 'x-mcp-header': 'Root' }, '$["x-mcp-header"]', 'INVALID_MCP_HEADER'],
    [
      { properties: { a: { type: 'number', 'x-mcp-header': 'A' } } },
      '$.properties.a["x-mcp-header"]',
      'INVALID_MCP_HEADER',
    ],
    [
      { properties: { a: { 'x-mcp-header': 'A' } } },
      '$.properties.a["x-mcp-header"]',
      'INVALID_MCP_HEADER',
    ],
    [
      { properties: { a: { type: 'string', 'x-mcp-header': 'Bad Name' } } },
      '$.properties.a["x-mcp-header"]',
      'INVALID_MCP_HEADER',
    ],
    [
      { properties: { a: { type: 'string', 'x-mcp-header': '' } } },
      '$.properties.a["x-mcp-header"]',
      'INVALID_MCP_HEADER',
    ],
    [
      { properties: { a: { type: 'string', 'x-mcp-header': 7 } } },
      '$.properties.a["x-mcp-header"]',
      'INVALID_MCP_HEADER',
    ],
    [
      { properties: { a: { type: 'string', 'x-mcp-header': 'x'.repeat(119) } } },
      '$.properties.a["x-mcp-header"]',
      'INVALID_MCP_HEADER',
    ],
    [
      { properties: { a: { type: 'array', items: { type: 'string', 'x-mcp-header': 'A' } } } },
      '$.properties.a.items["x-mcp-header"]',
      'INVALID_MCP_HEADER',
    ],
    [
      { anyOf: [{ type: 'object', properties: { a: { type: 'string', 'x-mcp-header': 'A' } } }] },
      '$.anyOf[0].properties.a["x-mcp-header"]',
      'INVALID_MCP_HEADER',
    ],
    [
      { allOf: [{ properties: { a: { type: 'string', 'x-mcp-header': 'A' } } }] },
      '$.allOf[0].properties.a["x-mcp-header"]',
      'INVALID_MCP_HEADER',
    ],
    [
      {
        properties: {
          a: { type: 'string', 'x-mcp-header': 'Region' },
          b: { type: 'string', 'x-mcp-header': 'REGION' },
        },
      },
      '$.properties.b["x-mcp-header"]',
      'DUPLICATE_MCP_HEADER',
    ],
  ])('refuses %j at %s', (extra, path, code) => {
    expect(errorsOf(checkSchemaSubset(object(extra), mcp))).toEqual([{ code, path }]);
  });
});
