import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  fingerprintIntegration,
  mcpVisibleName,
  sha256Hex,
  type CustomToolFingerprintInput,
  type McpServerFingerprintInput,
  type McpToolFingerprintInput,
} from './trust-fingerprint';

const custom: CustomToolFingerprintInput = {
  kind: 'custom',
  id: 'tool-1',
  name: 'lookup',
  description: 'Look things up.',
  endpoint: 'https://tools.example.com/lookup',
  headers: { Authorization: 'Bearer one' },
  schema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
};

const mcpTools: McpToolFingerprintInput[] = [
  { name: 'read_file', description: 'Read.', inputSchema: { type: 'object' } },
  {
    name: 'list_files',
    inputSchema: { type: 'object', properties: { dir: { type: 'string' } } },
  },
];

const mcp: McpServerFingerprintInput = {
  kind: 'mcp',
  id: 'server-1',
  name: 'Files',
  url: 'https://mcp.example.com/mcp',
  headers: { Authorization: 'Bearer two' },
  protocol: 'auto/2026-07-28',
  tools: mcpTools,
};

describe('canonicalJson', () => {
  it('sorts keys recursively and keeps array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[3,{"y":2,"z":1}]},"b":1}',
    );
  });

  it('escapes strings like JSON, including lone surrogates', () => {
    expect(canonicalJson({ 'k"': 'line\n\ud800' })).toBe('{"k\\"":"line\\n\\ud800"}');
  });

  it.each<[string, unknown]>([
    ['undefined', { a: undefined }],
    ['a function', { a: () => 1 }],
    ['Infinity', [Infinity]],
    ['NaN', NaN],
    ['a bigint', 1n],
  ])('refuses %s', (_label, value) => {
    expect(() => canonicalJson(value)).toThrow(TypeError);
  });

  it('refuses cycles instead of overflowing the stack', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic['self'] = cyclic;
    expect(() => canonicalJson(cyclic)).toThrow(TypeError);
  });
});

describe('sha256Hex', () => {
  it('matches the FIPS 180-2 test vector', async () => {
    expect(await sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});

describe('fingerprintIntegration', () => {
  it('is a versioned SHA-256 per kind', async () => {
    expect(await fingerprintIntegration(custom)).toMatch(/^custom-v1:[0-9a-f]{64}$/);
    expect(await fingerprintIntegration(mcp)).toMatch(/^mcp-v1:[0-9a-f]{64}$/);
  });

  it('ignores key order and tool order', async () => {
    const reordered: CustomToolFingerprintInput = {
      ...custom,
      schema: { required: ['q'], properties: { q: { type: 'string' } }, type: 'object' },
    };
    expect(await fingerprintIntegration(reordered)).toBe(await fingerprintIntegration(custom));
    const toolsReversed = { ...mcp, tools: [...mcpTools].reverse() };
    expect(await fingerprintIntegration(toolsReversed)).toBe(await fingerprintIntegration(mcp));
  });

  it.each<[string, Partial<CustomToolFingerprintInput>]>([
    ['name', { name: 'lookup2' }],
    ['description', { description: 'Look things up!' }],
    ['endpoint', { endpoint: 'https://tools.example.com/other' }],
    ['header value', { headers: { Authorization: 'Bearer two' } }],
    ['header name', { headers: { 'X-Authorization': 'Bearer one' } }],
    ['added header', { headers: { Authorization: 'Bearer one', 'X-Extra': '1' } }],
    ['schema', { schema: { type: 'object', properties: { q: { type: 'string', maxLength: 9 } } } }],
    ['cleartext consent', { insecureOriginAcknowledged: 'http://tools.example.com' }],
    ['id', { id: 'tool-2' }],
  ])('changes when the custom tool %s changes', async (_field, change) => {
    expect(await fingerprintIntegration({ ...custom, ...change })).not.toBe(
      await fingerprintIntegration(custom),
    );
  });

  it('changes when a schema already fingerprinted is edited in place, and back when undone', async () => {
    const schema: Record<string, unknown> = {
      type: 'object',
      properties: { q: { type: 'string' } },
    };
    const server = { ...mcp, tools: [{ name: 'search', inputSchema: schema }] };
    const before = await fingerprintIntegration(server);
    (schema['properties'] as Record<string, unknown>)['q'] = { type: 'string', maxLength: 9 };
    const edited = await fingerprintIntegration(server);
    expect(edited).not.toBe(before);
    (schema['properties'] as Record<string, unknown>)['q'] = { type: 'string' };
    expect(await fingerprintIntegration(server)).toBe(before);
  });

  it('writes a remembered schema as sorted text wherever it appears', async () => {
    const sorted = { properties: { q: { type: 'string' } }, type: 'object' };
    const unsorted = { type: 'object', properties: { q: { type: 'string' } } };
    const one = { ...mcp, tools: [{ name: 'a', inputSchema: unsorted }] };
    const other = { ...mcp, tools: [{ name: 'a', inputSchema: sorted }] };
    // The second sees the first's text remembered under a different exact JSON.
    expect(await fingerprintIntegration(one)).toBe(await fingerprintIntegration(other));
    expect(await fingerprintIntegration(other)).toBe(await fingerprintIntegration(one));
  });

  it.each<[string, Partial<McpServerFingerprintInput>]>([
    ['url', { url: 'https://mcp.example.com/v2' }],
    ['protocol', { protocol: 'auto/2025-11-25' }],
    ['headers', { headers: {} }],
    ['name', { name: 'Files 2' }],
    [
      'added tool',
      { tools: [...mcpTools, { name: 'delete_file', inputSchema: { type: 'object' } }] },
    ],
    ['removed tool', { tools: mcpTools.slice(0, 1) }],
    [
      'tool schema',
      { tools: [mcpTools[0]!, { name: 'list_files', inputSchema: { type: 'object' } }] },
    ],
    [
      'tool description',
      { tools: [{ ...mcpTools[0]!, description: 'Read and upload.' }, mcpTools[1]!] },
    ],
    ['tool name', { tools: [{ ...mcpTools[0]!, name: 'read_files' }, mcpTools[1]!] }],
  ])('changes when the MCP server %s changes', async (_field, change) => {
    expect(await fingerprintIntegration({ ...mcp, ...change })).not.toBe(
      await fingerprintIntegration(mcp),
    );
  });

  it('keeps a custom tool and an MCP server apart even with equal fields', async () => {
    const asCustom = await fingerprintIntegration(custom);
    expect(asCustom.startsWith('custom-')).toBe(true);
    expect((await fingerprintIntegration(mcp)).startsWith('mcp-')).toBe(true);
  });
});

describe('mcpVisibleName', () => {
  const base32 = (text: string, characters: number) => {
    const bits = BigInt(`0x${createHash('sha256').update(text, 'utf8').digest('hex')}`);
    const top = bits >> BigInt(256 - characters * 5);
    return top.toString(32).padStart(characters, '0');
  };

  it('combines sanitized labels with hashes of the exact identities', async () => {
    const name = await mcpVisibleName('server-1', 'My Files!', 'read_file');
    const expected = `mcp__My_Files_${base32('server-1', 8)}__read_file_${base32('["server-1","read_file"]', 10)}`;
    expect(name).toBe(expected);
  });

  it('stays within 64 characters of [A-Za-z0-9_-] for hostile labels', async () => {
    const cases: Array<[string, string, string]> = [
      ['id', 'x'.repeat(500), 'y'.repeat(500)],
      ['id', '', ''],
      ['id', '!!!', '???'],
      ['id', 'ünïcødé 🙂 server', 'tool/with spaces\nand\u0000nul'],
      ['id', '___', '--a--'],
    ];
    for (const [serverId, label, tool] of cases) {
      const name = await mcpVisibleName(serverId, label, tool);
      expect(name.length).toBeLessThanOrEqual(64);
      expect(name).toMatch(/^mcp__[A-Za-z0-9_-]+$/);
    }
    expect(await mcpVisibleName('id', '!!!', '???')).toMatch(
      /^mcp__server_[0-9a-v]{8}__tool_[0-9a-v]{10}$/,
    );
  });

  it('is stable across calls', async () => {
    expect(await mcpVisibleName('s', 'S', 't')).toBe(await mcpVisibleName('s', 'S', 't'));
  });

  it('keeps names distinct when labels collide after sanitizing or truncation', async () => {
    const long = 'a'.repeat(40);
    const names = new Set<string>();
    for (const tool of [
      `${long}1`,
      `${long}2`,
      'read file',
      'read-file',
      'read_file',
      'read.file',
    ]) {
      names.add(await mcpVisibleName('server-1', 'Files', tool));
      names.add(await mcpVisibleName('server-2', 'Files', tool));
    }
    expect(names.size).toBe(12);
  });

  it('produces no collisions across 5,000 generated tools', async () => {
    const names = new Set<string>();
    for (let index = 0; index < 5_000; index += 1) {
      names.add(
        await mcpVisibleName(
          `server-${index % 7}`,
          'Same Label',
          `tool_${index}_${'x'.repeat(30)}`,
        ),
      );
    }
    expect(names.size).toBe(5_000);
  });
});
