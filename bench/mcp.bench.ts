// MCP client figures on generated inputs, with the server's bytes served from
// memory so the numbers measure our client path (SDK, bounded fetch, validation,
// hashing, fingerprint, cache), not the loopback network or a server:
// - tools/list of 500 tools in one page and in 20 pages of 25, answered as JSON
//   and as SSE, for a trusted server (its fingerprint is computed) and, once, for
//   one nobody trusts yet; and once a list that changed since the last discovery;
// - tools/call answered over SSE (4 KiB reads) with 1,000 progress notifications,
//   once with the call's own progress token and once with a foreign one;
// - tools/call answered with one 2 MiB line at 64-byte reads;
// - bad input: a list where half the tools are duplicates or invalid, and 1,000
//   progress notifications cut off mid-line before the answer.
// Prints median, p90 and allocated heap per row (support/measure.ts).
import {
  createDiscoveryCache,
  createMemoryArea,
} from '../src/worker/integrations/mcp/discovery-cache';
import { discoverMcpServer, type McpDiscovery } from '../src/worker/integrations/mcp/mcp-discovery';
import { createMcpTool } from '../src/worker/integrations/mcp/mcp-tool';
import type { ToolRunContext } from '../src/worker/tools/define-tool';
import { serverRecord } from '../test/support/mcp/mcp-fixtures';
import {
  benchTools,
  DISCOVER_RESULT,
  memoryServer,
  json,
  pagedList,
  longLineCall,
  progressCall,
  type Encoding,
} from './support/mcp-server';
import { closeMeasure, measure, report } from './support/measure';

const ORIGIN = 'http://127.0.0.1:7777';
const never = new AbortController().signal;
const trusted = serverRecord(`${ORIGIN}/mcp`, {
  headers: [],
  trust: { fingerprint: 'mcp-v1:reviewed-earlier', toolCount: 500 },
});
const untrusted = serverRecord(`${ORIGIN}/mcp`, { headers: [] });
const tools = benchTools(500);

async function discover(
  fetch: typeof globalThis.fetch,
  server = trusted,
  expected = 500,
): Promise<McpDiscovery> {
  const cache = createDiscoveryCache<McpDiscovery>(createMemoryArea());
  const outcome = await discoverMcpServer(server, { fetch, cache }, { signal: never, force: true });
  if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
  if (outcome.discovery.tools.length !== expected)
    throw new Error(`${outcome.discovery.tools.length} tools offered, not ${expected}`);
  if ((server.trust !== null) !== (outcome.discovery.fingerprint !== null))
    throw new Error('the fingerprint was not computed as trust asks');
  return outcome.discovery;
}

const listCounts = { warmup: 10, runs: 40 };
for (const encoding of ['JSON', 'SSE'] as Encoding[]) {
  for (const pageSize of [500, 25]) {
    // The fake server is built once per workload; only the client's work is timed.
    const fetch = memoryServer({
      'server/discover': (id) => json(id, DISCOVER_RESULT),
      'tools/list': pagedList(tools, pageSize, encoding),
    });
    const pages = pageSize === 500 ? '1 page' : `${500 / pageSize} pages of ${pageSize}`;
    report(
      `MCP tools/list, 500 tools in ${pages} (${encoding})`,
      await measure(() => discover(fetch), listCounts),
    );
    if (encoding === 'JSON' && pageSize === 500)
      report(
        'MCP tools/list, 500 tools in 1 page (JSON), untrusted server (no fingerprint)',
        await measure(() => discover(fetch, untrusted), listCounts),
      );
  }
}

// The rows above send the same list every time, as a server does when it is
// discovered again at each run start (a list seen before reuses its verdicts). This
// one changes one description per discovery, so every list is judged and hashed anew.
{
  const variants = Array.from({ length: listCounts.warmup + listCounts.runs + 1 }, (_, round) =>
    JSON.stringify({
      resultType: 'complete',
      tools: tools.map((tool, index) =>
        index === 0 ? { ...(tool as object), description: `Changed ${round}` } : tool,
      ),
      ttlMs: 0,
      cacheScope: 'private',
    }),
  );
  let served = 0;
  const fetch = memoryServer({
    'server/discover': (id) => json(id, DISCOVER_RESULT),
    'tools/list': (id) =>
      new Response(
        `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${variants[served++ % variants.length]}}`,
        { headers: { 'content-type': 'application/json' } },
      ),
  });
  report(
    'MCP tools/list, 500 tools in 1 page (JSON), a list not seen before',
    await measure(() => discover(fetch), listCounts),
  );
}

// Bad input: 500 valid tools, then each of them again (duplicates: every copy is
// refused) and 500 invalid ones (no name, a $ref schema, a control character).
{
  const invalid = Array.from({ length: 500 }, (_, index) =>
    index % 3 === 0
      ? { description: 'no name', inputSchema: { type: 'object' } }
      : index % 3 === 1
        ? {
            name: `ref_${index}`,
            inputSchema: { type: 'object', properties: { a: { $ref: '#' } } },
          }
        : { name: `bad\u0007${index}`, inputSchema: { type: 'object' } },
  );
  const listed = [
    ...benchTools(250),
    ...benchTools(250),
    ...benchTools(750).slice(250),
    ...invalid,
  ];
  const fetch = memoryServer({
    'server/discover': (id) => json(id, DISCOVER_RESULT),
    'tools/list': pagedList(listed, 100, 'JSON'),
  });
  const found = await discover(fetch, trusted, 500);
  console.log(
    `MCP tools/list with duplicates and invalid tools: ${listed.length} advertised, ${found.tools.length} offered, ${found.rejected.length} refused (info)`,
  );
  report(
    'MCP tools/list, 1,500 tools in 15 pages, 500 duplicates and 500 invalid (JSON)',
    await measure(() => discover(fetch, trusted, 500), listCounts),
  );
}

const callCounts = { warmup: 10, runs: 40 };
for (const shape of ['own', 'foreign', 'truncated'] as const) {
  const fetch = memoryServer({
    'server/discover': (id) => json(id, DISCOVER_RESULT),
    'tools/list': pagedList(tools, 500, 'JSON'),
    'tools/call': progressCall(1_000, shape),
  });
  const found = await discover(fetch);
  const tool = createMcpTool(trusted, found, found.tools[0]!, {
    fetch,
    cache: createDiscoveryCache<McpDiscovery>(createMemoryArea()),
  });
  let updates = 0;
  const context = {
    signal: never,
    interaction: { progress: () => void (updates += 1) },
  } as unknown as ToolRunContext;
  const call = async () => {
    const outcome = await tool.execute({ region: 'eu' }, context);
    if (shape === 'truncated') {
      if (outcome.ok) throw new Error('a truncated stream was read as an answer');
    } else if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
    return outcome;
  };
  updates = 0;
  const first = await call();
  const label = {
    own: 'with its own token',
    foreign: 'with a foreign token',
    truncated: 'cut off mid-line before the answer',
  }[shape];
  console.log(
    `MCP tools/call ${label}: ${updates} progress updates reached the panel, ${first.ok ? 'answered' : first.code} (info)`,
  );
  report(
    `MCP tools/call over SSE, 1,000 progress notifications ${label}`,
    await measure(call, callCounts),
  );
}

// A current win to keep: one answer line just under the 2 MiB bound at 64-byte reads.
{
  const chars = 2 * 1024 * 1024 - 1_024;
  const fetch = memoryServer({
    'server/discover': (id) => json(id, DISCOVER_RESULT),
    'tools/list': pagedList(tools, 500, 'JSON'),
    'tools/call': longLineCall(chars, 64),
  });
  const found = await discover(fetch);
  const tool = createMcpTool(trusted, found, found.tools[0]!, { fetch });
  const context = { signal: never } as unknown as ToolRunContext;
  report(
    'MCP tools/call over SSE, one 2 MiB answer line at 64-byte reads',
    await measure(
      async () => {
        const outcome = await tool.execute({ region: 'eu' }, context);
        if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
      },
      { warmup: 1, runs: 5 },
    ),
  );
}

closeMeasure();
