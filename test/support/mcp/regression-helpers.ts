// Helpers for the MCP regression tests: scripted peers closed after each test, a
// tools/list script, and the first discovered tool of a peer as a ToolDefinition.
import { afterEach } from 'vitest';
import type { ToolRunContext } from '../../../src/worker/tools/define-tool';
import type { RunInteraction } from '../../../src/worker/tools/run-interaction';
import { discoverMcpServer } from '../../../src/worker/integrations/mcp/mcp-discovery';
import { createMcpTool } from '../../../src/worker/integrations/mcp/mcp-tool';
import { writeRpc, type HttpPeer } from './http-peer';
import { memoryDeps, never, regionSchema, serverRecord } from './mcp-fixtures';
import { startScriptedPeer, type Script, type ScriptedPeer } from './scripted-peer';

const peers: HttpPeer[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});

export const tool = (name: string, inputSchema: unknown = regionSchema) => ({
  name,
  description: name,
  inputSchema,
});
export const listOf =
  (tools: unknown[]): Script =>
  (request, response) =>
    writeRpc(response, request.id, {
      result: { resultType: 'complete', tools, ttlMs: 60_000, cacheScope: 'private' },
    });
export const text = (value: string) => ({
  resultType: 'complete',
  content: [{ type: 'text', text: value }],
});

export async function peer(
  scripts: Record<string, Script>,
  options?: Parameters<typeof startScriptedPeer>[1],
) {
  const started = await startScriptedPeer(scripts, options);
  peers.push(started);
  return started;
}

export async function firstTool(started: ScriptedPeer, extra: Record<string, unknown> = {}) {
  const { deps } = memoryDeps();
  const server = serverRecord(started.url);
  const outcome = await discoverMcpServer(server, deps, { signal: never });
  if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
  const entry = outcome.discovery.tools[0]!;
  const toolDeps = { fetch, cache: deps.cache, ...extra };
  return { tool: createMcpTool(server, outcome.discovery, entry, toolDeps), deps, server };
}

export const context = (interaction: Partial<RunInteraction> = {}, signal = never) =>
  ({
    signal,
    interaction: { notice: () => undefined, ...interaction },
  }) as unknown as ToolRunContext;
