// Which external tools a run gets and which of them it trusts, against real MCP
// servers on 127.0.0.1 and custom tools built the way Settings saves them.
import { describe, expect, it } from 'vitest';
import { startHttpPeer } from '../../../test/support/mcp/http-peer';
import { peerTools, serverRecord } from '../../../test/support/mcp/mcp-fixtures';
import { startSdkPeer } from '../../../test/support/mcp/sdk-peer';
import type { ToolDefinition } from '../tools/define-tool';
import {
  closePeersAfterEach,
  customTool,
  depsWith,
  never,
  trustedNow,
  trustedServer,
} from './__fixtures__/run-tool-set-fixtures';
import { customRouteId } from './custom-http/custom-http-tool';
import { mcpRouteId } from './mcp/mcp-tool';
import { prepareRunToolSet } from './run-tool-set';

const keep = closePeersAfterEach();
/** A real MCP server (JSON answers) advertising `tools`, closed after the test. */
const mcpPeer = async (tools: readonly Record<string, unknown>[]) =>
  keep(await startSdkPeer({ responseMode: 'json', tools }));

const names = (tools: readonly ToolDefinition<Record<string, unknown>>[]) =>
  tools.map((tool) => tool.name);

describe('prepareRunToolSet: custom tools', () => {
  it('offers every enabled custom tool in saved order and leaves disabled ones out', async () => {
    const deps = await depsWith([
      customTool('c1', 'lookup'),
      customTool('c2', 'weather', { enabled: false }),
      customTool('c3', 'stocks'),
    ]);
    const set = await prepareRunToolSet(deps, never);
    expect(names(set.tools)).toEqual(['lookup', 'stocks']);
    expect(set.tools.map((tool) => tool.destination)).toEqual([
      {
        integration: 'Custom tool lookup',
        url: 'https://api.example/lookup',
        routeId: 'custom:c1',
      },
      {
        integration: 'Custom tool stocks',
        url: 'https://api.example/stocks',
        routeId: 'custom:c3',
      },
    ]);
    expect(set.notices).toEqual([]);
    expect(set.modelNote).toBeNull();
  });

  it('trusts a custom tool only while its saved fingerprint matches the record as it is now', async () => {
    const edited = await trustedNow(customTool('c2', 'weather'));
    const deps = await depsWith([
      await trustedNow(customTool('c1', 'lookup')),
      // Trusted, then pointed elsewhere: the fingerprint no longer matches.
      { ...edited, endpoint: 'https://elsewhere.example/weather' },
      customTool('c3', 'stocks'),
    ]);
    const set = await prepareRunToolSet(deps, never);
    expect(names(set.tools)).toEqual(['lookup', 'weather', 'stocks']);
    expect([...set.trustedRouteIds]).toEqual([customRouteId('c1')]);
    expect(set.tools.map((tool) => set.trusted(tool))).toEqual([true, false, false]);
  });

  it('binds trust to the tool objects of this set, never to a look-alike', async () => {
    const deps = await depsWith([await trustedNow(customTool('c1', 'lookup'))]);
    const set = await prepareRunToolSet(deps, never);
    const [lookup] = set.tools;
    if (!lookup) throw new Error('no lookup tool');
    expect(set.trusted(lookup)).toBe(true);
    // Same name and destination, but not the tool this set built and checked.
    expect(set.trusted({ ...lookup })).toBe(false);
    const nextRun = await prepareRunToolSet(deps, never);
    expect(set.trusted(nextRun.tools[0]!)).toBe(false);
    // A tool without a destination (a built-in) is never trusted here.
    const { destination: _destination, ...builtin } = lookup;
    expect(set.trusted(builtin)).toBe(false);
  });

  it('goes on with the other kind when the store cannot read one list', async () => {
    const peer = await mcpPeer(peerTools.slice(0, 1));
    const deps = await depsWith([customTool('c1', 'lookup')], [serverRecord(peer.url)]);
    const brokenTools = {
      ...deps,
      store: { ...deps.store, customTools: () => Promise.reject(new Error('storage is gone')) },
    };
    const mcpOnly = await prepareRunToolSet(brokenTools, never);
    expect(names(mcpOnly.tools)).toEqual([expect.stringMatching(/^mcp__Files_/)]);
    const brokenServers = {
      ...deps,
      store: { ...deps.store, mcpServers: () => Promise.reject(new Error('storage is gone')) },
    };
    const customOnly = await prepareRunToolSet(brokenServers, never);
    expect(names(customOnly.tools)).toEqual(['lookup']);
    expect(peer.requests.filter((request) => request.rpc === 'tools/list')).toHaveLength(1);
  });
});

describe('prepareRunToolSet: MCP servers', () => {
  it('offers the tools of every enabled server, none of a disabled one, and calls no tool', async () => {
    const files = await mcpPeer(peerTools.slice(0, 2));
    const off = await mcpPeer(peerTools.slice(2, 3));
    const deps = await depsWith(
      [customTool('c1', 'lookup')],
      [
        serverRecord(files.url),
        serverRecord(off.url, { id: 'srv-2', name: 'Off', enabled: false }),
      ],
    );
    const set = await prepareRunToolSet(deps, never);
    expect(names(set.tools)).toEqual([
      'lookup',
      expect.stringMatching(/^mcp__Files_/),
      expect.stringMatching(/^mcp__Files_/),
    ]);
    expect(set.tools.slice(1).map((tool) => tool.destination)).toEqual([
      { integration: 'MCP Files: tool_0', url: files.url, routeId: mcpRouteId('srv-1', 'tool_0') },
      { integration: 'MCP Files: tool_1', url: files.url, routeId: mcpRouteId('srv-1', 'tool_1') },
    ]);
    expect(off.requests).toEqual([]);
    expect(files.requests.some((request) => request.rpc === 'tools/call')).toBe(false);
    expect(set.notices).toEqual([]);
    expect(set.modelNote).toBeNull();
  });

  it('trusts a server only for the tools it advertised when the person trusted it', async () => {
    const advertised = peerTools.slice(0, 2);
    const peer = await mcpPeer(advertised);
    const server = await trustedServer(serverRecord(peer.url));
    const deps = await depsWith([], [server]);
    const trusted = await prepareRunToolSet(deps, never);
    expect([...trusted.trustedRouteIds]).toEqual([
      mcpRouteId('srv-1', 'tool_0'),
      mcpRouteId('srv-1', 'tool_1'),
    ]);
    expect(trusted.tools.map((tool) => trusted.trusted(tool))).toEqual([true, true]);
    expect(trusted.notices).toEqual([]);

    // The server adds a tool: nothing of it is trusted until the person reviews it again.
    advertised.push(peerTools[2]!);
    const changed = await prepareRunToolSet(deps, never);
    expect(changed.tools).toHaveLength(3);
    expect(changed.tools.map((tool) => changed.trusted(tool))).toEqual([false, false, false]);
    expect(changed.trustedRouteIds.size).toBe(0);
    expect(changed.notices).toEqual([
      {
        level: 'info',
        code: 'TOOL_DENIED',
        message:
          'MCP server "Files" changed its tools since you trusted it; its calls will ask for approval until you review it again.',
      },
    ]);
    expect(changed.modelNote).toBeNull();
  });

  it('trusts nothing of a server nobody trusted, and says nothing about it', async () => {
    const peer = await mcpPeer(peerTools.slice(0, 2));
    const set = await prepareRunToolSet(await depsWith([], [serverRecord(peer.url)]), never);
    expect(set.tools).toHaveLength(2);
    expect(set.tools.some((tool) => set.trusted(tool))).toBe(false);
    expect(set.trustedRouteIds.size).toBe(0);
    expect(set.notices).toEqual([]);
  });

  it('counts the tools a server advertised that were left out', async () => {
    const peer = await mcpPeer(peerTools);
    const set = await prepareRunToolSet(await depsWith([], [serverRecord(peer.url)]), never);
    expect(set.tools).toHaveLength(5);
    expect(set.notices).toEqual([
      {
        level: 'info',
        code: 'MCP_INVALID_TOOL',
        message:
          'MCP server "Files": 1 tool(s) were left out (see Settings -> MCP -> Probe tools).',
      },
    ]);
    // The valid tools are all there, so the set is complete.
    expect(set.modelNote).toBeNull();
  });
});

describe('prepareRunToolSet: servers that fail', () => {
  async function brokenPeer(status: number) {
    return keep(await startHttpPeer((_request, response) => void response.writeHead(status).end()));
  }

  it('never aborts the run: each failing server is a warning and a line of the model note', async () => {
    const files = await mcpPeer(peerTools.slice(0, 1));
    const down = await brokenPeer(503);
    const gone = await brokenPeer(500);
    const deps = await depsWith(
      [customTool('c1', 'lookup')],
      [
        serverRecord(down.url, { id: 'srv-down', name: 'Down' }),
        serverRecord(files.url),
        serverRecord(gone.url, { id: 'srv-gone', name: 'Gone' }),
      ],
    );
    const set = await prepareRunToolSet(deps, never);
    expect(names(set.tools)).toEqual(['lookup', expect.stringMatching(/^mcp__Files_/)]);
    expect(set.notices).toEqual([
      {
        level: 'warning',
        code: 'MCP_HTTP_ERROR',
        message:
          'MCP server "Down" is unavailable for this response: [MCP_HTTP_ERROR] "Down" answered HTTP 503.',
      },
      {
        level: 'warning',
        code: 'MCP_HTTP_ERROR',
        message:
          'MCP server "Gone" is unavailable for this response: [MCP_HTTP_ERROR] "Gone" answered HTTP 500.',
      },
    ]);
    expect(set.modelNote).toBe(
      'The tool set is partial: MCP server "Down" (MCP_HTTP_ERROR), MCP server "Gone" (MCP_HTTP_ERROR) could not be reached, so its tools are missing from this response. Tell the user if a missing tool was needed.',
    );
  });

  it('discovers nothing for a run that was already cancelled', async () => {
    const peer = await mcpPeer(peerTools.slice(0, 1));
    const cancelled = new AbortController();
    cancelled.abort();
    const set = await prepareRunToolSet(
      await depsWith([], [serverRecord(peer.url)]),
      cancelled.signal,
    );
    expect(set.tools).toEqual([]);
    expect(set.notices).toEqual([expect.objectContaining({ level: 'warning', code: 'CANCELLED' })]);
    expect(set.modelNote).toContain('MCP server "Files" (CANCELLED)');
  });
});
