import { afterEach, describe, expect, it } from 'vitest';
import { startSdkPeer } from '../../../test/support/mcp/sdk-peer';
import type { HttpPeer } from '../../../test/support/mcp/http-peer';
import { createIntegrationService } from './integration-service';
import { createIntegrationStore } from './integration-store';
import { createDiscoveryCache, createMemoryArea } from './mcp/discovery-cache';
import type { McpDiscovery } from './mcp/mcp-discovery';
import { mcpInput, peerTools } from '../../../test/support/mcp/mcp-fixtures';

const peers: HttpPeer[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});
const never = new AbortController().signal;

function service() {
  const local = createMemoryArea();
  return {
    local,
    service: createIntegrationService({
      fetch,
      store: createIntegrationStore(local),
      cache: createDiscoveryCache<McpDiscovery>(createMemoryArea()),
      builtinNames: () => ['read_document'],
    }),
  };
}

const schemaJson = JSON.stringify({ type: 'object', properties: { q: { type: 'string' } } });
const customInput = {
  name: 'lookup',
  description: 'Looks up',
  endpoint: 'https://api.example/tool',
  headers: [{ name: 'Authorization', value: 'Bearer x' }],
  schemaJson,
  enabled: true,
  insecureOriginAcknowledged: null,
};

describe('integration service', () => {
  it('saves a custom tool, trusts it, and clears trust when its schema is edited', async () => {
    const { service: integrations, local } = service();
    const { tools } = await integrations.saveCustomTool(customInput);
    const id = tools[0]!.id;
    await integrations.setTrust('custom', id, true, never);
    expect((await integrations.listCustomTools()).tools[0]?.trusted).toBe(true);
    // Saving unchanged keeps trust; a schema edit clears it.
    await integrations.saveCustomTool({ ...customInput, id });
    expect((await integrations.listCustomTools()).tools[0]?.trusted).toBe(true);
    await integrations.saveCustomTool({
      ...customInput,
      id,
      schemaJson: JSON.stringify({ type: 'object', properties: { q: { type: 'integer' } } }),
    });
    expect((await integrations.listCustomTools()).tools[0]?.trusted).toBe(false);
    // Stored under its own versioned key, schema as text only.
    expect(JSON.stringify(local.data.get('integrations.custom-tools.v1'))).not.toContain(
      '"schema":',
    );
  });

  it('refuses collisions and bad schemas with the form path', async () => {
    const { service: integrations } = service();
    await expect(
      integrations.saveCustomTool({ ...customInput, name: 'Read_Document' }),
    ).rejects.toMatchObject({ code: 'CUSTOM_TOOL_NAME_COLLISION', details: { path: 'name' } });
    await expect(
      integrations.saveCustomTool({
        ...customInput,
        schemaJson: '{"type":"object","properties":{"a":{"type":"string","format":"x"}}}',
      }),
    ).rejects.toMatchObject({
      code: 'UNSUPPORTED_SCHEMA_KEYWORD',
      details: { path: '$.properties.a.format' },
    });
  });

  it('trusts an MCP server for the tools it advertises now, and asks again when they change', async () => {
    const advertised = peerTools.slice(0, 2);
    const peer = await startSdkPeer({ responseMode: 'json', tools: advertised });
    peers.push(peer);
    const { service: integrations } = service();
    const { servers } = await integrations.saveMcpServer(mcpInput(peer.url));
    const id = servers[0]!.id;
    await integrations.setTrust('mcp', id, true, never);
    expect((await integrations.listMcpServers()).servers[0]).toMatchObject({
      trusted: true,
      trustedToolCount: 2,
    });
    const trustedSet = await integrations.prepareRunToolSet(never);
    expect(trustedSet.tools.length).toBe(2);
    expect(trustedSet.tools.every((tool) => trustedSet.trusted(tool))).toBe(true);
    // Nothing but discovery reached the server: no tools/call without approval or trust.
    expect(peer.requests.some((request) => request.rpc === 'tools/call')).toBe(false);

    // The server adds a tool: the fingerprint differs, so calls ask again.
    advertised.push(peerTools[2]!);
    const changedSet = await integrations.prepareRunToolSet(never);
    expect(changedSet.tools.length).toBe(3);
    expect(changedSet.tools.some((tool) => changedSet.trusted(tool))).toBe(false);
    expect(changedSet.notices).toEqual([
      expect.objectContaining({ message: expect.stringContaining('changed its tools') }),
    ]);
    // Editing the saved server clears its trust at once.
    await integrations.setTrust('mcp', id, true, never);
    await integrations.saveMcpServer({
      ...mcpInput(peer.url),
      id,
      headers: [{ name: 'X-Key', value: 'new' }],
    });
    expect((await integrations.listMcpServers()).servers[0]?.trusted).toBe(false);
  });

  it('never aborts a run for a broken server: notice, partial note, other tools kept', async () => {
    const peer = await startSdkPeer({ responseMode: 'sse', tools: peerTools.slice(0, 1) });
    peers.push(peer);
    const { service: integrations } = service();
    await integrations.saveCustomTool(customInput);
    await integrations.saveMcpServer(mcpInput(peer.url));
    await integrations.saveMcpServer({ ...mcpInput('http://127.0.0.1:9/mcp'), name: 'Gone' });
    const set = await integrations.prepareRunToolSet(never);
    expect(set.tools.map((tool) => tool.name)).toEqual([
      'lookup',
      expect.stringMatching(/^mcp__Files_/),
    ]);
    expect(set.notices).toEqual([
      expect.objectContaining({ level: 'warning', message: expect.stringContaining('"Gone"') }),
    ]);
    expect(set.modelNote).toContain('The tool set is partial');
    expect(set.tools.some((tool) => set.trusted(tool))).toBe(false);
  });

  it('probes saved and draft servers, reporting version, tools, rejections, pages and cache', async () => {
    const peer = await startSdkPeer({ responseMode: 'json', tools: peerTools, ttlMs: 5_000 });
    peers.push(peer);
    const { service: integrations } = service();
    const probe = await integrations.probe({ draft: mcpInput(peer.url) }, never);
    expect(probe).toMatchObject({
      ok: true,
      negotiatedVersion: '2026-07-28',
      isFallback: false,
      pages: 3,
      cache: { status: 'refreshed', ttlMs: 5_000 },
    });
    if (probe.ok) expect(probe.rejected).toEqual([expect.objectContaining({ name: 'bad_schema' })]);
    expect(await integrations.probe({ draft: mcpInput('ftp://x') }, never)).toMatchObject({
      ok: false,
      code: 'UNSUPPORTED_SCHEME',
    });
  });
});
