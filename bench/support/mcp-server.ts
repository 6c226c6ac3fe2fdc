// An MCP server that answers from memory, for bench/mcp.bench.ts: every answer is
// encoded once when the workload is built, so a timed run pays only for the
// client's work (and the Response object fetch would build anyway).

export type Encoding = 'JSON' | 'SSE';
type Answer = (id: unknown, params: Record<string, unknown>) => Response;

const MODERN = '2026-07-28';
const encoder = new TextEncoder();

/** The `server/discover` result of a 2026-07-28 server. */
export const DISCOVER_RESULT = {
  resultType: 'complete',
  supportedVersions: [MODERN],
  capabilities: { tools: {} },
  serverInfo: { name: 'bench', version: '1.0.0' },
  ttlMs: 0,
  cacheScope: 'private',
};

/** `count` tools named tool_0…, each with a small schema of four properties. */
export function benchTools(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, index) => ({
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
}

// JSON answers declare their length, as HTTP servers do for a body they send whole.
function jsonResponse(body: Uint8Array<ArrayBuffer>): Response {
  return new Response(body, {
    headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
  });
}

/** `bytes` as an SSE response body delivered in reads of `readSize` bytes. */
export function sseResponse(bytes: Uint8Array, readSize = 4096): Response {
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + readSize));
      offset += readSize;
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
}

/** A JSON-RPC result answer. */
export const json = (id: unknown, result: unknown): Response =>
  jsonResponse(
    encoder.encode(
      `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${JSON.stringify(result)}}`,
    ),
  );

/** A fetch that routes each POSTed JSON-RPC request to its method's answer. */
export function memoryServer(answers: Record<string, Answer>): typeof fetch {
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

// Prepared bytes around the request id, which is the only part that varies.
function splice(before: Uint8Array, id: unknown, after: Uint8Array): Uint8Array<ArrayBuffer> {
  const idBytes = encoder.encode(JSON.stringify(id));
  const body = new Uint8Array(before.length + idBytes.length + after.length);
  body.set(before);
  body.set(idBytes, before.length);
  body.set(after, before.length + idBytes.length);
  return body;
}

/** `tools/list` over `tools` in pages of `pageSize`, as JSON or as one SSE event. */
export function pagedList(tools: readonly unknown[], pageSize: number, encoding: Encoding): Answer {
  const before = encoder.encode(
    `${encoding === 'SSE' ? 'event: message\ndata: ' : ''}{"jsonrpc":"2.0","id":`,
  );
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
    const end = encoding === 'SSE' ? '\n\n' : '';
    pages.set(String(start), encoder.encode(`,"result":${JSON.stringify(result)}}${end}`));
  }
  return (id, params) => {
    const body = splice(before, id, pages.get(String(params['cursor'] ?? 0))!);
    return encoding === 'SSE' ? sseResponse(body) : jsonResponse(body);
  };
}

/**
 * `tools/call` answered over SSE after `count` progress notifications: with the
 * call's own progress token, a token nobody issued, or (`truncated`) the call's
 * token with the stream ending in the middle of a data line, before any answer.
 */
export function progressCall(count: number, shape: 'own' | 'foreign' | 'truncated'): Answer {
  const parts = (token: unknown, id: unknown) => {
    const events: string[] = [];
    for (let index = 1; index <= count; index += 1) {
      const notification = {
        jsonrpc: '2.0',
        method: 'notifications/progress',
        params: { progressToken: token, progress: index, total: count, message: `step ${index}` },
      };
      events.push(`event: message\ndata: ${JSON.stringify(notification)}\n\n`);
    }
    if (shape === 'truncated') events.push('event: message\ndata: {"jsonrpc":"2.0","id":');
    else {
      const result = { resultType: 'complete', content: [{ type: 'text', text: 'done' }] };
      events.push(
        `event: message\ndata: {"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${JSON.stringify(result)}}\n\n`,
      );
    }
    return encoder.encode(events.join(''));
  };
  // The progress token is the SDK's request number, so the bytes are kept per token.
  const prepared = new Map<string, Uint8Array>();
  return (id, params) => {
    const meta = params['_meta'] as { progressToken?: unknown } | undefined;
    const token = shape === 'foreign' ? 'not-yours' : (meta?.progressToken ?? 'not-yours');
    const key = JSON.stringify([token, id]);
    let bytes = prepared.get(key);
    if (bytes === undefined) prepared.set(key, (bytes = parts(token, id)));
    return sseResponse(bytes);
  };
}

/** `tools/call` answered over SSE with one text of `chars` characters on one data line. */
export function longLineCall(chars: number, readSize: number): Answer {
  const text = 'x'.repeat(chars);
  return (id) => {
    const answer = {
      jsonrpc: '2.0',
      id,
      result: { resultType: 'complete', content: [{ type: 'text', text }] },
    };
    return sseResponse(
      encoder.encode(`event: message\ndata: ${JSON.stringify(answer)}\n\n`),
      readSize,
    );
  };
}
