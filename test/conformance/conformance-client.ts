// The client the MCP conformance suite drives: Side Agent's real worker MCP path
// (discovery, tools as ToolDefinitions, OAuth through the SDK's auth(), form
// elicitation) in Node. Only the platform edges are stand-ins: storage is in
// memory, and the person who would click Sign in and approve the authorization
// page is this script, which follows the authorization URL to its redirect the
// way chrome.identity.launchWebAuthFlow hands the callback URL to the worker.
// Usage (by the suite): node conformance-client.mjs <server-url>
import {
  createDiscoveryCache,
  createMemoryArea,
} from '../../src/worker/integrations/mcp/discovery-cache';
import {
  createMcpAuthProvider,
  createMcpAuthStore,
  type LaunchAuthFlow,
} from '../../src/worker/integrations/mcp/mcp-auth';
import {
  discoverMcpServer,
  type McpDiscovery,
} from '../../src/worker/integrations/mcp/mcp-discovery';
import { createMcpTool } from '../../src/worker/integrations/mcp/mcp-tool';
import type { McpServerRecord } from '../../src/worker/integrations/integration-records';
import type { ToolRunContext } from '../../src/worker/tools/define-tool';

const url = process.argv[2];
if (url === undefined) throw new Error('usage: conformance-client <server-url>');
const context = JSON.parse(process.env['MCP_CONFORMANCE_CONTEXT'] ?? '{}') as {
  client_id?: string;
  client_secret?: string;
};

const server: McpServerRecord = {
  id: 'conformance',
  name: 'Conformance',
  url,
  headers: [],
  enabled: true,
  protocolMode: 'auto',
  insecureOriginAcknowledged: null,
  trust: null,
};

// The authorization page approves at once and redirects to our redirect URI.
const launch: LaunchAuthFlow = async (authorizationUrl, signal) => {
  const response = await fetch(authorizationUrl, { redirect: 'manual', signal });
  const location = response.headers.get('location');
  if (location === null) throw new Error(`The authorization page answered ${response.status}.`);
  return new URL(location, authorizationUrl).href;
};

const signal = new AbortController().signal;
const store = createMcpAuthStore(createMemoryArea());
const authDeps = {
  store,
  redirectUrl: 'http://localhost:3000/callback',
  launch,
  ...(context.client_id
    ? {
        preRegistered: {
          client_id: context.client_id,
          ...(context.client_secret ? { client_secret: context.client_secret } : {}),
        },
      }
    : {}),
};
const deps = {
  fetch,
  cache: createDiscoveryCache<McpDiscovery>(createMemoryArea()),
  authFor: () => createMcpAuthProvider(server, authDeps, { interactive: true, signal }),
};

const outcome = await discoverMcpServer(server, deps, { signal, force: true });
if (!outcome.ok) {
  console.error(
    `discovery failed: ${outcome.code}: ${outcome.message} ${JSON.stringify(outcome.details ?? {})}`,
  );
  process.exit(1);
}
console.log(
  `negotiated ${outcome.discovery.negotiatedVersion}, ${outcome.discovery.tools.length} tool(s)`,
);

/** Arguments a careful model would send: one plausible value per property. */
function argumentsFor(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = (schema['properties'] ?? {}) as Record<string, { type?: unknown }>;
  const args: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(properties)) {
    if (property.type === 'number' || property.type === 'integer') args[name] = 2;
    else if (property.type === 'boolean') args[name] = true;
    else if (property.type === 'string') args[name] = 'conformance';
  }
  return args;
}

const runContext = {
  signal,
  interaction: {
    notice: (level: string, message: string) => console.log(`[${level}] ${message}`),
    progress: () => undefined,
    // The person accepts every form as offered; empty fields take their defaults.
    askForm: async () => ({ action: 'accept' as const, content: {} }),
  },
} as unknown as ToolRunContext;

let failures = 0;
for (const entry of outcome.discovery.tools) {
  const tool = createMcpTool(server, outcome.discovery, entry, deps);
  const parsed = tool.parseArguments(argumentsFor(entry.inputSchema));
  if (!parsed.ok) {
    console.error(`${entry.name}: arguments refused: ${parsed.message}`);
    failures += 1;
    continue;
  }
  const result = await tool.execute(parsed.args, runContext);
  console.log(`${entry.name}: ${result.ok ? 'ok' : `${result.code}: ${result.message}`}`);
  if (!result.ok && result.code !== 'MCP_TOOL_ERROR') failures += 1;
}
process.exit(failures === 0 ? 0 : 1);
