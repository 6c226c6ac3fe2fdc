import { describe, expect, it } from 'vitest';
import { serverRecord } from '../../../../test/support/mcp/mcp-fixtures';
import { CanonicalMcpTools, canonicalMcpTools } from '../canonical-mcp-tools';
import { fingerprintMcpServer } from './mcp-discovery';
import { validateAdvertisedTools } from './mcp-tool-validation';
import { createListMemo } from './mcp-tool-list-memo';

const server = serverRecord('https://mcp.example.com/mcp');
const VERSION = '2026-07-28';

// Each call parses afresh, as each discovery does: no object is shared between lists.
function listed(edit: (tools: Record<string, unknown>[]) => void = () => undefined) {
  const tools: Record<string, unknown>[] = [
    {
      name: 'read_file',
      description: 'Read one file.',
      inputSchema: { type: 'object', properties: { path: { type: 'string' } } },
    },
    { name: 'list_files', inputSchema: { type: 'object' } },
    { name: 'read_file_2', inputSchema: { type: 'object', properties: { a: { $ref: '#' } } } },
    { name: 'dup', inputSchema: { type: 'object' } },
    { name: 'dup', inputSchema: { type: 'object' } },
    { description: 'no name', inputSchema: { type: 'object' } },
  ];
  edit(tools);
  return JSON.parse(JSON.stringify(tools)) as unknown[];
}

async function fingerprintOf(advertised: unknown[]): Promise<string> {
  const validated = validateAdvertisedTools(server.id, server.name, advertised);
  return fingerprintMcpServer(server, VERSION, validated.canonical());
}

describe('validateAdvertisedTools on a list judged before', () => {
  it('gives the same verdicts, with entries on the new response’s own objects', () => {
    const first = validateAdvertisedTools(server.id, server.name, listed());
    const again = listed();
    const second = validateAdvertisedTools(server.id, server.name, again);
    expect(second.tools.map((tool) => tool.name)).toEqual(['read_file', 'list_files']);
    expect(second.rejected.map((refusal) => refusal.code)).toEqual([
      first.rejected[0]!.code,
      'MCP_DUPLICATE_TOOL',
      'MCP_DUPLICATE_TOOL',
      'MCP_INVALID_TOOL',
    ]);
    expect(second.rejected).toEqual(first.rejected);
    expect(second.rejected[0]!.code).not.toBe('MCP_DUPLICATE_TOOL');
    expect(second.tools).toEqual(first.tools);
    expect(second.tools[0]!.definition).toBe(again[0]);
    expect(second.tools[0]!.inputSchema).toBe((again[0] as { inputSchema: unknown }).inputSchema);
  });

  it('judges a changed schema afresh: a schema made invalid is refused', () => {
    validateAdvertisedTools(server.id, server.name, listed());
    const broken = validateAdvertisedTools(
      server.id,
      server.name,
      listed((tools) => {
        tools[1] = { name: 'list_files', inputSchema: { type: 'object', $ref: '#/x' } };
      }),
    );
    expect(broken.tools.map((tool) => tool.name)).toEqual(['read_file']);
    expect(broken.rejected.find((refusal) => refusal.name === 'list_files')).toBeDefined();
  });

  it('names tools for the server asking, not the one that sent the list first', () => {
    const one = validateAdvertisedTools('srv-a', 'Files', listed());
    const other = validateAdvertisedTools('srv-b', 'Files', listed());
    expect(one.tools[0]!.visibleName).not.toBe(other.tools[0]!.visibleName);
  });
});

describe('the fingerprint of a list judged before', () => {
  it('equals the fingerprint computed from the entries themselves', async () => {
    const kept = await fingerprintOf(listed());
    const again = await fingerprintOf(listed());
    const fresh = validateAdvertisedTools(server.id, server.name, listed());
    expect(again).toBe(kept);
    expect(await fingerprintMcpServer(server, VERSION, fresh.tools)).toBe(kept);
  });

  it.each<[string, (tools: Record<string, unknown>[]) => void]>([
    [
      'one character of a description',
      (tools) => void (tools[0]!['description'] = 'Read one file!'),
    ],
    ['a description added', (tools) => void (tools[1]!['description'] = 'L')],
    ['a tool name', (tools) => void (tools[1]!['name'] = 'list_file')],
    [
      'a schema keyword',
      (tools) => void (tools[0]!['inputSchema'] = { type: 'object', properties: { path: {} } }),
    ],
    [
      'a tool added',
      (tools) => void tools.push({ name: 'write', inputSchema: { type: 'object' } }),
    ],
    ['a tool removed', (tools) => void tools.splice(1, 1)],
  ])('changes with %s', async (_change, edit) => {
    const before = await fingerprintOf(listed());
    expect(await fingerprintOf(listed(edit))).not.toBe(before);
    // And back: the remembered list still gives the first fingerprint.
    expect(await fingerprintOf(listed())).toBe(before);
  });

  it('changes with the server’s own fields even when its list is remembered', async () => {
    const validated = validateAdvertisedTools(server.id, server.name, listed());
    const canonical = validated.canonical();
    const before = await fingerprintMcpServer(server, VERSION, canonical);
    const moved = { ...server, url: 'https://mcp.example.com/v2' };
    expect(await fingerprintMcpServer(moved, VERSION, canonical)).not.toBe(before);
    expect(await fingerprintMcpServer(server, '2025-11-25', canonical)).not.toBe(before);
    expect(await fingerprintMcpServer(server, VERSION, canonical)).toBe(before);
  });

  it('does not depend on the order tools were listed in', async () => {
    const reversed = await fingerprintOf(listed((tools) => void tools.reverse()));
    expect(reversed).toBe(await fingerprintOf(listed()));
  });
});

describe('CanonicalMcpTools', () => {
  it('is made only from tools, never from a text handed in', () => {
    const made = canonicalMcpTools([
      { name: 'b', inputSchema: { z: 1, a: 2 } },
      { name: 'a', inputSchema: {} },
    ]);
    expect(made.text).toBe(
      '[{"description":null,"inputSchema":{},"name":"a"},{"description":null,"inputSchema":{"a":2,"z":1},"name":"b"}]',
    );
    expect(() => new CanonicalMcpTools(Symbol('canonical-mcp-tools'), '[]')).toThrow(TypeError);
  });
});

describe('createListMemo', () => {
  it('keys by scope and exact text, and refuses what is not JSON', () => {
    const memo = createListMemo<number>();
    const key = memo.keyOf(['srv', 'Files'], [{ a: 1 }]);
    expect(key).not.toBeNull();
    expect(memo.keyOf(['srv', 'Files'], [{ a: 1 }])).toBe(key);
    expect(memo.keyOf(['srv', 'Files'], [{ a: 2 }])).not.toBe(key);
    expect(memo.keyOf(['srv2', 'Files'], [{ a: 1 }])).not.toBe(key);
    expect(memo.keyOf(['srv'], [{ a: 1n }])).toBeNull();
    memo.set(key!, 7);
    expect(memo.get(key!)).toBe(7);
  });

  it('forgets the oldest lists beyond its bound', () => {
    const memo = createListMemo<number>();
    const keys = Array.from({ length: 17 }, (_, index) => memo.keyOf([], [index])!);
    keys.forEach((key, index) => memo.set(key, index));
    expect(memo.get(keys[0]!)).toBeUndefined();
    expect(memo.get(keys[16]!)).toBe(16);
    expect(memo.get(keys[1]!)).toBe(1);
  });
});
