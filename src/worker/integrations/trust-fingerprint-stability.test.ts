import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  fingerprintIntegration,
  mcpVisibleName,
  sha256Hex,
  type McpServerFingerprintInput,
} from './trust-fingerprint';

// Stored trust is a fingerprint compared at dispatch: if the fingerprint of an
// unchanged integration ever changed, every saved trust would silently lapse (or a
// changed one could match). These tests spell the canonical text out by hand.
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const copy = [...items];
  let state = seed;
  for (let index = copy.length - 1; index > 0; index -= 1) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    const other = state % (index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}

function nested(levels: number, wrap: (inner: unknown) => unknown): unknown {
  let value: unknown = 1;
  for (let level = 0; level < levels; level += 1) value = wrap(value);
  return value;
}

describe('fingerprintIntegration is stable', () => {
  it('hashes the canonical text of a custom tool', async () => {
    const text =
      '{"description":"Look things up.","endpoint":"https://tools.example.com/lookup",' +
      '"headers":{"Authorization":"Bearer one"},"id":"tool-1","insecureOriginAcknowledged":null,' +
      '"name":"lookup","protocol":"custom-http-post-json",' +
      '"schema":{"properties":{"q":{"type":"string"}},"required":["q"],"type":"object"}}';
    expect(
      await fingerprintIntegration({
        kind: 'custom',
        id: 'tool-1',
        name: 'lookup',
        description: 'Look things up.',
        endpoint: 'https://tools.example.com/lookup',
        headers: { Authorization: 'Bearer one' },
        schema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
      }),
    ).toBe(`custom-v1:${sha256(text)}`);
  });

  it('hashes the canonical text of an MCP server with its tools sorted by name', async () => {
    const text =
      '{"headers":{},"id":"server-1","insecureOriginAcknowledged":"http://files.example",' +
      '"name":"Files","protocol":"auto/2026-07-28",' +
      '"tools":[{"description":null,"inputSchema":{"type":"object"},"name":"list"},' +
      '{"description":"Read.","inputSchema":{"type":"object"},"name":"read"}],' +
      '"url":"http://files.example/mcp"}';
    expect(
      await fingerprintIntegration({
        kind: 'mcp',
        id: 'server-1',
        name: 'Files',
        url: 'http://files.example/mcp',
        insecureOriginAcknowledged: 'http://files.example',
        headers: {},
        protocol: 'auto/2026-07-28',
        tools: [
          { name: 'read', description: 'Read.', inputSchema: { type: 'object' } },
          { name: 'list', inputSchema: { type: 'object' } },
        ],
      }),
    ).toBe(`mcp-v1:${sha256(text)}`);
  });

  it('does not depend on the order a server lists many tools in', async () => {
    const tools = Array.from({ length: 150 }, (_, index) => ({
      name: `tool_${String(index).padStart(3, '0')}`,
      inputSchema: { type: 'object' },
    }));
    const server: McpServerFingerprintInput = {
      kind: 'mcp',
      id: 's',
      name: 'S',
      url: 'https://s.example/mcp',
      headers: {},
      protocol: 'auto/2026-07-28',
      tools,
    };
    const expected = await fingerprintIntegration(server);
    for (const seed of [1, 2, 3]) {
      expect(await fingerprintIntegration({ ...server, tools: shuffled(tools, seed) })).toBe(
        expected,
      );
    }
  });
});

describe('canonicalJson', () => {
  it('writes booleans, null, strings and numbers as JSON does', () => {
    expect(canonicalJson({ t: true, f: false, n: null, s: 's', x: -0, y: 1.5 })).toBe(
      '{"f":false,"n":null,"s":"s","t":true,"x":0,"y":1.5}',
    );
    expect(canonicalJson(true)).toBe('true');
  });

  it('sorts the keys of every object in an array, wherever it stands', () => {
    expect(canonicalJson([{ b: 1, a: 2 }, 3, { d: 1, c: 2 }, [{ f: 1, e: 2 }]])).toBe(
      '[{"a":2,"b":1},3,{"c":2,"d":1},[{"e":2,"f":1}]]',
    );
    expect(canonicalJson([1, 2, { b: 1, a: 2 }])).toBe('[1,2,{"a":2,"b":1}]');
  });

  it('sorts a nested object whose parent is already sorted', () => {
    expect(canonicalJson({ a: { d: 1, c: 2 }, b: [{ z: 1, y: 2 }] })).toBe(
      '{"a":{"c":2,"d":1},"b":[{"y":2,"z":1}]}',
    );
  });

  it('sorts objects with many keys in any order', () => {
    const keys = Array.from({ length: 300 }, (_, index) => `k${String(index).padStart(3, '0')}`);
    const expected = `{${keys.map((key) => `"${key}":0`).join(',')}}`;
    for (const seed of [5, 6, 7]) {
      const record = Object.fromEntries(shuffled(keys, seed).map((key) => [key, 0]));
      expect(canonicalJson(record)).toBe(expected);
    }
  });

  it('accepts 100 levels of nesting and refuses 101, for arrays and objects alike', () => {
    for (const wrap of [(inner: unknown) => [inner], (inner: unknown) => ({ v: inner })]) {
      expect(() => canonicalJson(nested(100, wrap))).not.toThrow();
      expect(() => canonicalJson(nested(101, wrap))).toThrow(
        new TypeError('Value is nested too deeply to fingerprint.'),
      );
    }
  });

  it('says what cannot be fingerprinted', () => {
    expect(() => canonicalJson([Infinity])).toThrow(
      new TypeError('Non-finite numbers cannot be fingerprinted.'),
    );
    expect(() => canonicalJson({ a: undefined })).toThrow(
      new TypeError('A undefined cannot be fingerprinted.'),
    );
    expect(() => canonicalJson(1n)).toThrow(new TypeError('A bigint cannot be fingerprinted.'));
  });
});

describe('sha256Hex', () => {
  it('matches SHA-256 of the UTF-8 text for short and long texts', async () => {
    for (const text of [
      '',
      'abc',
      'é🙂',
      'x'.repeat(1_023),
      'x'.repeat(1_024),
      'y'.repeat(5_000),
    ]) {
      expect(await sha256Hex(text), `${text.length} characters`).toBe(sha256(text));
    }
  });
});

describe('mcpVisibleName', () => {
  const serverHash = (serverId: string) => {
    const bits = BigInt(`0x${sha256(serverId)}`);
    return (bits >> BigInt(256 - 40)).toString(32).padStart(8, '0');
  };

  it('trims every leading and trailing underscore and folds each run of other characters', () => {
    expect(mcpVisibleName('id-1', '___Files___', '__read__')).toMatch(
      /^mcp__Files_[0-9a-v]{8}__read_[0-9a-v]{10}$/,
    );
    expect(mcpVisibleName('id-1', 'a!!b', 'c  d')).toMatch(
      /^mcp__a_b_[0-9a-v]{8}__c_d_[0-9a-v]{10}$/,
    );
  });

  it('gives a server id its own server hash even when it equals another tool’s hash input', () => {
    // The tool hash of tool "t" on server "s" is taken over the text ["s","t"]; a server
    // whose id is that same text must still get an 8-character server hash, in either order.
    const lookalike = JSON.stringify(['s', 't']);
    const first = mcpVisibleName('s', 'S', 't');
    const second = mcpVisibleName(lookalike, 'L', 'u');
    expect(second.startsWith(`mcp__L_${serverHash(lookalike)}__u_`)).toBe(true);
    expect(first).toMatch(/^mcp__S_[0-9a-v]{8}__t_[0-9a-v]{10}$/);
    const third = mcpVisibleName(JSON.stringify(['s2', 't2']), 'M', 'v');
    const fourth = mcpVisibleName('s2', 'S', 't2');
    expect(third).toMatch(/^mcp__M_[0-9a-v]{8}__v_[0-9a-v]{10}$/);
    expect(fourth).toMatch(/^mcp__S_[0-9a-v]{8}__t2_[0-9a-v]{10}$/);
  });
});
