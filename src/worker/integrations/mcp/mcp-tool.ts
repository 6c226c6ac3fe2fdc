// ## Owns
// One discovered MCP tool as a ToolDefinition: the hashed visible name for the
// model, routing by the exact server id and original tool name, arguments
// validated with `x-mcp-header` bindings, and one bounded call per execution.
import type { ToolDefinition, ToolOutcome } from '../../tools/define-tool';
import type { McpHeaderBinding } from '../../tools/schema-subset';
import { parseExternalArguments } from '../external-arguments';
import { IntegrationError } from '../integration-error';
import type { McpServerRecord } from '../integration-records';
import type { McpDiscovery } from './mcp-discovery';
import { renderMcpResult } from './mcp-result';
import { mapMcpError, openMcpSession } from './mcp-session';
import type { McpToolEntry } from './mcp-tool-validation';

/** Budget for one call, connect included. */
export const MCP_CALL_TIMEOUT_MS = 30_000;

/** The route identity "Allow for run" grants: exact server id and tool name. */
export const mcpRouteId = (serverId: string, toolName: string) =>
  `mcp:${serverId}:${JSON.stringify(toolName)}`;

/** What a call needs from the worker. */
export interface McpToolDeps {
  readonly fetch: typeof fetch;
  readonly timeoutMs?: number;
}

/**
 * Header-bound arguments must be sendable as headers: integers safe, values
 * present as string, number or boolean (the SDK encodes non-ASCII itself).
 */
function checkHeaderValues(
  args: Record<string, unknown>,
  bindings: readonly McpHeaderBinding[],
): string | null {
  for (const binding of bindings) {
    let value: unknown = args;
    for (const key of binding.propertyPath)
      value =
        typeof value === 'object' && value !== null
          ? (value as Record<string, unknown>)[key]
          : undefined;
    if (value === undefined || value === null) continue;
    if (binding.type === 'integer' && !Number.isSafeInteger(value))
      return `$.${binding.propertyPath.join('.')} must be a safe integer to travel as a header.`;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      return `$.${binding.propertyPath.join('.')} cannot travel as a header.`;
  }
  return null;
}

async function callTool(
  server: McpServerRecord,
  discovery: McpDiscovery,
  entry: McpToolEntry,
  args: Record<string, unknown>,
  signal: AbortSignal,
  deps: McpToolDeps,
): Promise<ToolOutcome> {
  const headerProblem = checkHeaderValues(args, entry.mcpHeaders);
  if (headerProblem) return { ok: false, code: 'INVALID_MCP_HEADER', message: headerProblem };
  const timeoutMs = deps.timeoutMs ?? MCP_CALL_TIMEOUT_MS;
  let session;
  try {
    session = await openMcpSession(server, {
      fetch: deps.fetch,
      signal,
      timeoutMs,
      prior: discovery.prior,
    });
  } catch (error) {
    return mapMcpError(error, null, signal);
  }
  try {
    if (session.negotiatedVersion !== discovery.negotiatedVersion) {
      throw new IntegrationError(
        'MCP_UNSUPPORTED_VERSION',
        `The server now speaks ${session.negotiatedVersion}, not ${discovery.negotiatedVersion}; run again to rediscover.`,
      );
    }
    const result = await session.client.callTool(
      { name: entry.name, arguments: args },
      // The definition drives the SDK's Mcp-Param-* mirroring without another tools/list.
      { signal: session.signal, timeout: timeoutMs, toolDefinition: entry.definition as never },
    );
    return renderMcpResult(result, `${server.name}/${entry.name}`);
  } catch (error) {
    return mapMcpError(error, session.stats, session.signal);
  } finally {
    await session.close();
  }
}

/** The ToolDefinition of one discovered tool of `server`. */
export function createMcpTool(
  server: McpServerRecord,
  discovery: McpDiscovery,
  entry: McpToolEntry,
  deps: McpToolDeps,
): ToolDefinition<Record<string, unknown>> {
  return {
    name: entry.visibleName,
    // The prefix tells the model (and the person reading the approval) where it runs.
    description: `[MCP ${server.name}] ${entry.description}`.slice(0, 2_100),
    inputSchema: entry.inputSchema,
    parseArguments: (value) => parseExternalArguments(value, entry.inputSchema, true),
    effect: 'external',
    approval: 'external-approval',
    destination: {
      integration: `MCP ${server.name}: ${entry.name}`,
      url: server.url,
      routeId: mcpRouteId(server.id, entry.name),
    },
    execute: (args, context) => callTool(server, discovery, entry, args, context.signal, deps),
  };
}
