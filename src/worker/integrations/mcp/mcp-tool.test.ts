import { afterEach, describe, expect, it } from 'vitest';
import { startSdkPeer } from '../../../../test/support/mcp/sdk-peer';
import { startLegacyPeer } from '../../../../test/support/mcp/legacy-peer';
import type { HttpPeer } from '../../../../test/support/mcp/http-peer';
import type { ToolRunContext } from '../../tools/define-tool';
import { discoverMcpServer } from './mcp-discovery';
import { createMcpTool } from './mcp-tool';
import { toolResultImages } from './mcp-result';
import {
  memoryDeps,
  never,
  regionSchema,
  serverRecord,
} from '../../../../test/support/mcp/mcp-fixtures';

const peers: HttpPeer[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});
const context = (signal = never) => ({ signal }) as unknown as ToolRunContext;
const tools = ['tool_0', 'picture', 'failing'].map((name) => ({
  name,
  description: name,
  inputSchema: regionSchema,
}));

async function toolsOf(peer: HttpPeer) {
  const { deps } = memoryDeps();
  const server = serverRecord(peer.url);
  const outcome = await discoverMcpServer(server, deps, { signal: never });
  if (!outcome.ok) throw new Error(outcome.message);
  return outcome.discovery.tools.map((entry) =>
    createMcpTool(server, outcome.discovery, entry, { fetch }),
  );
}

describe('createMcpTool', () => {
  it.each(['json', 'sse'] as const)(
    'calls by exact name, mirrors x-mcp-header values into headers and uses structuredContent (%s)',
    async (responseMode) => {
      const peer = await startSdkPeer({ responseMode, tools });
      peers.push(peer);
      const [tool] = await toolsOf(peer);
      if (!tool) throw new Error('no tool');
      expect(tool.destination?.routeId).toBe('mcp:srv-1:"tool_0"');
      expect(tool.description).toBe('[MCP Files] tool_0');
      const parsed = tool.parseArguments('{"region":"Grüße","count":42,"text":"hi"}');
      if (!parsed.ok) throw new Error(parsed.message);
      const outcome = await tool.execute(parsed.args, context());
      expect(outcome).toMatchObject({
        ok: true,
        result: {
          structured: { name: 'tool_0', arguments: { region: 'Grüße', count: 42, text: 'hi' } },
        },
      });
      const call = peer.requests.find((request) => request.rpc === 'tools/call');
      expect(call?.headers['mcp-name']).toBe('tool_0');
      expect(call?.headers['mcp-param-n']).toBe('42');
      expect(call?.headers['mcp-param-region']).toBe(
        `=?base64?${Buffer.from('Grüße').toString('base64')}?=`,
      );
      expect(call?.headers['x-key']).toBe('k1');
    },
  );

  it('passes images as image parts and maps isError', async () => {
    const peer = await startSdkPeer({ responseMode: 'json', tools });
    peers.push(peer);
    const [, picture, failing] = await toolsOf(peer);
    const image = await picture!.execute({}, context());
    expect(image.ok).toBe(true);
    if (image.ok) {
      expect(toolResultImages(image.result)).toEqual([
        { type: 'image', mediaType: 'image/png', base64: 'iVBORw0KGgo=' },
      ]);
      expect(JSON.stringify((image.result as { text: string }).text)).not.toContain('iVBORw0KGgo');
    }
    expect(await failing!.execute({}, context())).toMatchObject({
      ok: false,
      code: 'MCP_TOOL_ERROR',
      message: 'it broke',
    });
  });

  it('calls a fallback 2025-06-18 server after discovery', async () => {
    const peer = await startLegacyPeer(tools.slice(0, 1));
    peers.push(peer);
    const [tool] = await toolsOf(peer);
    expect(await tool!.execute({ text: 'x' }, context())).toMatchObject({
      ok: true,
      result: { text: 'legacy tool_0' },
    });
  });

  it('refuses header-bound integers beyond the safe range without a request', async () => {
    const peer = await startSdkPeer({ responseMode: 'json', tools });
    peers.push(peer);
    const [tool] = await toolsOf(peer);
    const before = peer.requests.length;
    expect(await tool!.execute({ count: 2 ** 60 }, context())).toMatchObject({
      ok: false,
      code: 'INVALID_MCP_HEADER',
    });
    expect(peer.requests.length).toBe(before);
  });
});
