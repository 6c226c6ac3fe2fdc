// ## Owns
// One discovered MCP tool as a ToolDefinition: the hashed visible name for the
// model, routing by the exact server id and original tool name, arguments
// validated with `x-mcp-header` bindings, and one bounded call per execution.
// ## Time limits
// A call may wait at most `inactivityMs` for a sign of life; every progress
// notification resets that wait, and the whole call ends at the server's hard cap
// from Settings, whatever the progress. The watchdog is ours, not the SDK's
// resetTimeoutOnProgress, because progress is read before the SDK sees it
// (mcp-sse-progress.ts says why).
import type { OAuthClientProvider } from '@modelcontextprotocol/client';
import type { ToolDefinition, ToolOutcome, ToolRunContext } from '../../tools/define-tool';
import type { RunInteraction } from '../../tools/run-interaction';
import { humanizeName } from '../../../shared/lib/humanize-name';
import type { McpHeaderBinding } from '../../tools/schema-subset';
import { parseExternalArguments } from '../external-arguments';
import { IntegrationError } from '../integration-error';
import type { McpServerRecord } from '../integration-records';
import { discoveryKeys, type DiscoveryCache } from './discovery-cache';
import type { McpDiscovery } from './mcp-discovery';
import { elicitThroughPanel } from './mcp-elicitation';
import { mapMcpError } from './mcp-errors';
import { renderMcpResult } from './mcp-result';
import { withRunSignIn, type McpInteractiveSignIn } from './mcp-run-sign-in';
import { openMcpSession } from './mcp-session';
import type { McpToolEntry } from './mcp-tool-validation';

/** Longest wait for a sign of life (an answer or progress) during a call. */
export const MCP_INACTIVITY_TIMEOUT_MS = 30_000;
/** Default hard cap for one call when the server's settings give none. */
export const MCP_DEFAULT_CALL_CAP_MS = 300_000;
/** Progress updates passed to the activity row at most this often. */
const PROGRESS_INTERVAL_MS = 100;

/** The route identity "Allow for run" grants: exact server id and tool name. */
export const mcpRouteId = (serverId: string, toolName: string) =>
  `mcp:${serverId}:${JSON.stringify(toolName)}`;

/** What a call needs from the worker. */
export interface McpToolDeps {
  readonly fetch: typeof fetch;
  /** Dropped when the server changed protocol era, so the next run rediscovers. */
  readonly cache?: DiscoveryCache<McpDiscovery>;
  readonly inactivityMs?: number;
  readonly authFor?: (server: McpServerRecord) => OAuthClientProvider | undefined;
  /** The interactive sign-in a person may start from the run; absent where nobody can. */
  readonly signIn?: McpInteractiveSignIn;
}

/** Progress for the activity row, at most every 100 ms and always the last one. */
function throttledProgress(interaction: RunInteraction | undefined) {
  const report = interaction?.progress?.bind(interaction);
  if (report === undefined) return undefined;
  let last = 0;
  return (update: {
    progress: number;
    total?: number | undefined;
    message?: string | undefined;
  }) => {
    const now = Date.now();
    if (now - last < PROGRESS_INTERVAL_MS && update.progress !== update.total) return;
    last = now;
    report({
      progress: update.progress,
      ...(update.total !== undefined ? { total: update.total } : {}),
      ...(typeof update.message === 'string' ? { message: update.message.slice(0, 200) } : {}),
    });
  };
}

/**
 * Header-bound arguments must be sendable as headers: integers safe, values
 * present as string, number or boolean (the SDK encodes non-ASCII itself). The
 * SDK mirrors the headers but silently omits a value it cannot encode, and the
 * server then answers HeaderMismatch; refusing first names the argument.
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
  context: Pick<ToolRunContext, 'signal'> & { readonly interaction?: RunInteraction },
  deps: McpToolDeps,
  attempt = 0,
): Promise<ToolOutcome> {
  const { signal, interaction } = context;
  const headerProblem = checkHeaderValues(args, entry.mcpHeaders);
  if (headerProblem) return { ok: false, code: 'INVALID_MCP_HEADER', message: headerProblem };
  const inactivityMs = deps.inactivityMs ?? MCP_INACTIVITY_TIMEOUT_MS;
  const hardCapMs = (server.callLimitSeconds ?? MCP_DEFAULT_CALL_CAP_MS / 1_000) * 1_000;
  const label = `"${server.name}"`;
  const report = throttledProgress(interaction);
  let watchdog: ReturnType<typeof setTimeout> | undefined;
  let session: Awaited<ReturnType<typeof openMcpSession>> | undefined;
  // One timer for the whole call: progress only moves `lastSign`, and the timer,
  // when it fires, waits out what is left (a thousand notifications a second would
  // otherwise mean a thousand timer resets).
  let lastSign = 0;
  const check = () => {
    const idle = Date.now() - lastSign;
    if (idle < inactivityMs) {
      watchdog = setTimeout(check, inactivityMs - idle);
      return;
    }
    const seconds = Math.round(inactivityMs / 1_000);
    session?.fail(
      new IntegrationError(
        'TIMEOUT',
        `${label} neither answered nor reported progress for ${seconds} s.`,
      ),
    );
  };
  const arm = () => {
    lastSign = Date.now();
    if (watchdog === undefined) watchdog = setTimeout(check, inactivityMs);
  };
  try {
    session = await openMcpSession(server, {
      fetch: deps.fetch,
      signal,
      hardCapMs,
      requestTimeoutMs: inactivityMs,
      prior: discovery.prior,
      authProvider: deps.authFor?.(server),
      onProgress: (update) => {
        arm();
        report?.(update);
      },
      elicit:
        interaction === undefined
          ? undefined
          : async (request, elicitSignal) => {
              // A person answering is not a silent server: the watchdog waits meanwhile.
              clearTimeout(watchdog);
              watchdog = undefined;
              try {
                return await elicitThroughPanel(
                  request,
                  `MCP ${server.name}`,
                  interaction,
                  elicitSignal,
                );
              } finally {
                arm();
              }
            },
    });
  } catch (error) {
    const failure = mapMcpError(error, null, signal, label);
    // The remembered era may be what failed (an upgraded server refuses `initialize`).
    if (failure.code !== 'MCP_PROTOCOL_ERROR' && failure.code !== 'MCP_UNSUPPORTED_VERSION')
      return failure;
    await forgetDiscovery(server, deps);
    return {
      ok: false,
      code: 'MCP_UNSUPPORTED_VERSION',
      message: `${label} no longer answers as it did when its tools were listed (${failure.message}); run again to rediscover its tools.`,
    };
  }
  try {
    if (session.negotiatedVersion !== discovery.negotiatedVersion) {
      await forgetDiscovery(server, deps);
      throw new IntegrationError(
        'MCP_UNSUPPORTED_VERSION',
        `${label} now speaks ${session.negotiatedVersion}, not ${discovery.negotiatedVersion}; run again to rediscover its tools.`,
      );
    }
    arm();
    const result = await session.client.callTool(
      { name: entry.name, arguments: args },
      {
        signal: session.signal,
        timeout: hardCapMs,
        maxTotalTimeout: hardCapMs,
        // Asks the server for progress; the notifications themselves arrive through onProgress.
        onprogress: () => undefined,
        // The definition drives the SDK's Mcp-Param-* mirroring without another tools/list.
        toolDefinition: entry.definition as never,
      },
    );
    return renderMcpResult(result, `${server.name}/${entry.name}`);
  } catch (error) {
    const failure = mapMcpError(error, session.stats, session.signal, label);
    const isAuth = failure.code === 'MCP_AUTH_REQUIRED' || failure.code === 'MCP_AUTH_FORBIDDEN';
    // A step-up sign-in brought back a wider grant: the call runs once more with it.
    if (isAuth && attempt === 0 && (await session.finishSignIn().catch(() => false))) {
      clearTimeout(watchdog);
      await session.close();
      return callTool(server, discovery, entry, args, context, deps, 1);
    }
    return failure;
  } finally {
    clearTimeout(watchdog);
    await session.close();
  }
}

/** Drop the server's cached discovery, so the next run asks the server again. */
async function forgetDiscovery(server: McpServerRecord, deps: McpToolDeps): Promise<void> {
  if (deps.cache) await deps.cache.delete(await discoveryKeys(server)).catch(() => undefined);
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
    activity: () => `Used ${humanizeName(entry.name).toLowerCase()} on ${server.name}`,
    destination: {
      integration: `MCP ${server.name}: ${entry.name}`,
      url: server.url,
      routeId: mcpRouteId(server.id, entry.name),
    },
    execute: (args, context) =>
      withRunSignIn(server, context, deps.signIn, () =>
        callTool(server, discovery, entry, args, context, deps),
      ),
  };
}
