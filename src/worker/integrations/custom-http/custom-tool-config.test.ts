import { describe, expect, it } from 'vitest';
import { buildCustomToolRecord } from './custom-tool-config';

const schemaJson = JSON.stringify({
  type: 'object',
  properties: { q: { type: 'string', maxLength: 10 } },
  required: ['q'],
  additionalProperties: false,
});

describe('buildCustomToolRecord', () => {
  const input = {
    name: 'lookup',
    description: 'd',
    endpoint: 'https://api.example/tool',
    headers: [],
    schemaJson,
    enabled: true,
    insecureOriginAcknowledged: null,
  };
  const context = { builtinNames: ['read_document'], others: [{ id: 'other', name: 'Search' }] };
  it.each([
    ['l', 'CUSTOM_TOOL_NAME_INVALID'],
    ['1abc', 'CUSTOM_TOOL_NAME_INVALID'],
    ['has-dash', 'CUSTOM_TOOL_NAME_INVALID'],
    ['a'.repeat(42), 'CUSTOM_TOOL_NAME_INVALID'],
    ['mcp__x', 'CUSTOM_TOOL_NAME_INVALID'],
    ['READ_DOCUMENT', 'CUSTOM_TOOL_NAME_COLLISION'],
    ['search', 'CUSTOM_TOOL_NAME_COLLISION'],
  ])('refuses the name %s', (name, code) => {
    expect(buildCustomToolRecord({ ...input, name }, 'id', context)).toMatchObject({
      ok: false,
      code,
      path: 'name',
    });
  });
  it('accepts 41-character names and keeps its own name on edit', () => {
    expect(buildCustomToolRecord({ ...input, name: 'a'.repeat(41) }, 'id', context).ok).toBe(true);
    expect(buildCustomToolRecord({ ...input, name: 'search' }, 'other', context).ok).toBe(true);
  });
  it('points at the offending schema keyword and header row', () => {
    const bad = JSON.stringify({
      type: 'object',
      properties: { a: { type: 'string', format: 'email' } },
    });
    expect(buildCustomToolRecord({ ...input, schemaJson: bad }, 'id', context)).toMatchObject({
      ok: false,
      code: 'UNSUPPORTED_SCHEMA_KEYWORD',
      path: '$.properties.a.format',
    });
    expect(buildCustomToolRecord({ ...input, schemaJson: '{' }, 'id', context)).toMatchObject({
      ok: false,
      code: 'INVALID_SCHEMA',
      path: 'schemaJson',
    });
    const headers = [
      { name: 'A', value: '1' },
      { name: 'Content-Type', value: 'x' },
    ];
    expect(buildCustomToolRecord({ ...input, headers }, 'id', context)).toMatchObject({
      ok: false,
      code: 'PROTECTED_HEADER',
      path: 'headers[1]',
    });
    expect(
      buildCustomToolRecord({ ...input, endpoint: 'http://example.com/x' }, 'id', context),
    ).toMatchObject({ ok: false, code: 'INSECURE_CONFIRMATION_REQUIRED', path: 'endpoint' });
  });
});
