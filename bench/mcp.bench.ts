// MCP client figures on generated inputs, with the server's bytes served from
// memory so the numbers measure our client path (SDK, bounded fetch, validation,
// hashing, fingerprint), not the loopback network or a server:
// - tools/list of 500 tools in one page and in 20 pages of 25 (JSON answers);
// - tools/call answered over SSE (4 KiB reads) with 1,000 progress notifications,
//   once with the call's own progress token and once with a foreign one.
// Prints median, p90 and the heap growth of one operation.
import {
  createDiscoveryCache,
  createMemoryArea,
} from '../src/worker/integrations/mcp/discovery-cache';
import { discoverMcpServer, type McpDiscovery } from '../src/worker/integrations/mcp/mcp-discovery';
import { createMcpTool } from '../src/worker/integrations/mcp/mcp-tool';
import type { ToolRunContext } from '../src/worker/tools/define-tool';
import { serverRecord } from '../test/support/mcp/mcp-fixtures';

const ORIGIN = 'http://127.0.0.1:7777';
const MODERN = '2026-07-28';

const tools = Array.from({ length: 500 }, (_, index) => ({
  name: `tool_${index}`,
  description: `Tool number ${index}: does one generated thing with a region and a count.`,
  inputSchema: {
    type: 'object',
    properties: {
      region: { type: 'string', description: 'Where', maxLength: 64 },
      count: { type: 'integer', minimum: 0, maximum: 1000 },
      mode: { type: 'string', enum: ['fast', 'slow', 'careful'] },
      tags: { type: 'array', items: { type: 'string' }, maxItems: 8 },
    },
    required: ['region'],
  },
}));

const discover = {
  resultType: 'complete',
  supportedVersions: [MODERN],
  capabilities: { tools: {} },
  serverInfo: { name: 'bench', version: '1.0.0' },
  ttlMs: 0,
  cacheScope: 'private',
};

type Answer = (id: unknown, params: Record<string, unknown>) => Response;

// JSON answers declare their length, as HTTP servers do for a body they send whole.
function jsonBody(text: string): Response {
  return new Response(text, {
    headers: {
      'content-type': 'application/json',
      'content-length': String(Buffer.byteLength(text)),
    },
  });
}

const json = (id: unknown, result: unknown) =>
  jsonBody(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${JSON.stringify(result)}}`);

function sse(text: string): Response {
  const bytes = new TextEncoder().encode(text);
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + 4096));
      offset += 4096;
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

function memoryServer(answers: Record<string, Answer>): typeof fetch {
  return (async (_input: RequestInfo | URL, init?: RequestInit) => {
    if (init?.method !== 'POST') return new Response(null, { status: 405 });
    const message = JSON.parse(String(init.body)) as {
      id?: unknown;
      method: string;
      params?: Record<string, unknown>;
    };
    if (message.id === undefined) return new Response(null, { status: 202 });
    const answer = answers[message.method];
    if (!answer) return json(message.id, {});
    return answer(message.id, message.params ?? {});
  }) as typeof fetch;
}

// Pages are encoded once: a server's bytes reach the client already encoded, so
// the fake server only splices the request id between two prepared byte runs.
function pagedList(pageSize: number): Answer {
  const encoder = new TextEncoder();
  const prefix = encoder.encode('{"jsonrpc":"2.0","id":');
  const pages = new Map<string, Uint8Array>();
  for (let start = 0; start < tools.length; start += pageSize) {
    const next = start + pageSize;
    const result = {
      resultType: 'complete',
      tools: tools.slice(start, next),
      ttlMs: 0,
      cacheScope: 'private',
      ...(next < tools.length ? { nextCursor: String(next) } : {}),
    };
    pages.set(String(start), encoder.encode(`,"result":${JSON.stringify(result)}}`));
  }
  return (id, params) => {
    const rest = pages.get(String(params['cursor'] ?? 0))!;
    const idBytes = encoder.encode(JSON.stringify(id));
    const body = new Uint8Array(prefix.length + idBytes.length + rest.length);
    body.set(prefix);
    body.set(idBytes, prefix.length);
    body.set(rest, prefix.length + idBytes.length);
    return new Response(body, {
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
    });
  };
}

function progressCall(foreignToken: boolean): Answer {
  return (id, params) => {
    const meta = params['_meta'] as { progressToken?: unknown } | undefined;
    const token = foreignToken ? 'not-yours' : (meta?.progressToken ?? 'not-yours');
    const parts: string[] = [];
    for (let index = 1; index <= 1_000; index += 1) {
      const notification = {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: token, progress: index, total: 1_000, message: `step ${index}` },
      };
      parts.push(`event: message\ndata: ${JSON.stringify(notification)}\n\n`);
    }
    const result = { resultType: 'complete', content: [{ type: 'text', text: 'done' }] };
    parts.push(
      `event: message\ndata: {"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${JSON.stringify(result)}}\n\n`,
    );
    return sse(parts.join(''));
  };
}

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))] ??
  NaN;
const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

async function measure(name: string, operation: () => Promise<void>, runs = 40) {
  for (let index = 0; index < 8; index += 1) await operation();
  const times: number[] = [];
  const heaps: number[] = [];
  for (let index = 0; index < runs; index += 1) {
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const start = performance.now();
    await operation();
    times.push(performance.now() - start);
    heaps.push(process.memoryUsage().heapUsed - heapBefore);
  }
  const median = quantile(times, 0.5).toFixed(1);
  const p90 = quantile(times, 0.9).toFixed(1);
  const heap = (quantile(heaps, 0.5) / 1024 / 1024).toFixed(2);
  console.log(`${name}: ${median} ms median, ${p90} ms p90, ${heap} MB heap`);
}

const never = new AbortController().signal;
const server = serverRecord(`${ORIGIN}/mcp`, { headers: [] });

// The fake server is built once per workload; only the client's work is timed.
const listServers = new Map(
  [500, 25].map((pageSize) => [
    pageSize,
    memoryServer({
      'server/discover': (id) => json(id, discover),
      'tools/list': pagedList(pageSize),
    }),
  ]),
);

async function discovery(pageSize: number): Promise<McpDiscovery> {
  const deps = {
    fetch: listServers.get(pageSize)!,
    cache: createDiscoveryCache<McpDiscovery>(createMemoryArea()),
  };
  const outcome = await discoverMcpServer(server, deps, { signal: never, force: true });
  if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
  if (outcome.discovery.tools.length !== 500) throw new Error('not all tools were offered');
  return outcome.discovery;
}

await measure(
  'MCP tools/list, 500 tools in 1 page (JSON)',
  async () => void (await discovery(500)),
);
await measure(
  'MCP tools/list, 500 tools in 20 pages of 25 (JSON)',
  async () => void (await discovery(25)),
);

for (const foreign of [false, true]) {
  const fetch = memoryServer({
    'server/discover': (id) => json(id, discover),
    'tools/list': pagedList(500),
    'tools/call': progressCall(foreign),
  });
  const cache = createDiscoveryCache<McpDiscovery>(createMemoryArea());
  const found = await discoverMcpServer(server, { fetch, cache }, { signal: never, force: true });
  if (!found.ok) throw new Error(found.message);
  const entry = found.discovery.tools[0]!;
  const tool = createMcpTool(server, found.discovery, entry, { fetch, cache });
  let updates = 0;
  const context = {
    signal: never,
    interaction: { progress: () => void (updates += 1) },
  } as unknown as ToolRunContext;
  const label = foreign ? 'a foreign token' : 'its own token';
  await measure(`MCP tools/call over SSE, 1,000 progress notifications with ${label}`, async () => {
    const outcome = await tool.execute({ region: 'eu' }, context);
    if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
  });
  void updates;
}
