import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ToolRunContext } from '../../tools/define-tool';
import type { CustomToolRecord } from '../integration-records';
import { buildCustomToolRecord } from './custom-tool-config';
import { createCustomHttpTool } from './custom-http-tool';

const requests: { url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
let base = '';
const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    requests.push({
      url: request.url ?? '',
      headers: request.headers,
      body: Buffer.concat(chunks).toString(),
    });
    switch (request.url) {
      case '/ok':
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ echoed: JSON.parse(Buffer.concat(chunks).toString()) }));
        return;
      case '/text':
        response.writeHead(200, { 'content-type': 'text/plain' }).end('not json {');
        return;
      case '/lying-json':
        response
          .writeHead(200, { 'content-type': 'application/json; charset=utf-8' })
          .end('<html>oops');
        return;
      case '/png':
        response
          .writeHead(200, { 'content-type': 'image/png' })
          .end(Buffer.from([137, 80, 78, 71]));
        return;
      case '/error':
        response.writeHead(503, { 'content-type': 'application/json' }).end('{"error":"down"}');
        return;
      case '/redirect':
        response.writeHead(302, { location: 'https://elsewhere.example/steal' }).end();
        return;
      case '/huge': {
        // Chunked, no Content-Length: the bound must hold while streaming.
        response.writeHead(200, { 'content-type': 'text/plain' });
        const chunk = 'x'.repeat(64 * 1024);
        let sent = 0;
        const pump = () => {
          while (sent < 10_000 && response.write(chunk)) sent += 1;
          if (sent < 10_000) response.once('drain', pump);
          else response.end();
        };
        response.on('close', () => (sent = 10_000));
        pump();
        return;
      }
      case '/slow':
        setTimeout(() => response.writeHead(200).end('{}'), 2_000).unref();
        return;
      default:
        response.writeHead(404).end();
    }
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const schemaJson = JSON.stringify({
  type: 'object',
  properties: { q: { type: 'string', maxLength: 10 } },
  required: ['q'],
  additionalProperties: false,
});

function record(path: string, extra: Partial<CustomToolRecord> = {}): CustomToolRecord {
  const built = buildCustomToolRecord(
    {
      name: 'lookup',
      description: 'Looks things up',
      endpoint: `${base}${path}`,
      headers: [{ name: 'X-Token', value: 'secret' }],
      schemaJson,
      enabled: true,
      insecureOriginAcknowledged: null,
    },
    'tool-1',
    { builtinNames: [], others: [] },
  );
  if (!built.ok) throw new Error(built.message);
  return { ...built.record, ...extra };
}

const context = (signal = new AbortController().signal) =>
  ({ signal }) as unknown as ToolRunContext;

describe('createCustomHttpTool', () => {
  it('posts {tool, arguments} with JSON content type and configured headers', async () => {
    const tool = createCustomHttpTool(record('/ok'), { fetch });
    const parsed = tool.parseArguments('{"q":"hi"}');
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const outcome = await tool.execute(parsed.args, context());
    expect(outcome).toMatchObject({
      ok: true,
      result: { echoed: { tool: 'lookup', arguments: { q: 'hi' } } },
    });
    const last = requests.at(-1)!;
    expect(last.headers['content-type']).toBe('application/json');
    expect(last.headers['x-token']).toBe('secret');
    expect(tool.destination?.routeId).toBe('custom:tool-1');
    expect(tool.effect).toBe('external');
    expect(tool.approval).toBe('external-approval');
  });

  it('refuses arguments outside the schema before any request', async () => {
    const tool = createCustomHttpTool(record('/ok'), { fetch });
    const before = requests.length;
    expect(tool.parseArguments('{"q":"far too long for this"}')).toMatchObject({
      ok: false,
      code: 'ARGUMENTS_INVALID',
      path: '$.q',
    });
    expect(tool.parseArguments('{"q":"x","extra":1}')).toMatchObject({
      ok: false,
      code: 'ARGUMENTS_INVALID',
    });
    expect(tool.parseArguments('[1]')).toMatchObject({ ok: false, code: 'ARGUMENTS_ROOT_TYPE' });
    expect(requests.length).toBe(before);
  });

  it('returns text answers as text, honouring the content type', async () => {
    const outcome = await createCustomHttpTool(record('/text'), { fetch }).execute(
      { q: 'a' },
      context(),
    );
    expect(outcome).toMatchObject({ ok: true, result: { text: 'not json {' } });
  });

  // Bug: a reply labelled application/json that was not JSON reached the model as a success.
  it('refuses a reply labelled JSON that is not JSON', async () => {
    const outcome = await createCustomHttpTool(record('/lying-json'), { fetch }).execute(
      { q: 'a' },
      context(),
    );
    expect(outcome).toMatchObject({ ok: false, code: 'CUSTOM_INVALID_JSON' });
  });

  it('refuses content the model cannot read, naming its type', async () => {
    const outcome = await createCustomHttpTool(record('/png'), { fetch }).execute(
      { q: 'a' },
      context(),
    );
    expect(outcome).toMatchObject({ ok: false, code: 'CUSTOM_UNSUPPORTED_CONTENT' });
    expect(outcome.ok ? '' : outcome.message).toContain('image/png');
  });

  it('maps non-2xx to CUSTOM_HTTP_ERROR with the status', async () => {
    const outcome = await createCustomHttpTool(record('/error'), { fetch }).execute(
      { q: 'a' },
      context(),
    );
    expect(outcome).toMatchObject({
      ok: false,
      code: 'CUSTOM_HTTP_ERROR',
      message: 'HTTP 503',
      details: { status: 503 },
    });
  });

  it('refuses redirects to other origins without following them', async () => {
    const outcome = await createCustomHttpTool(record('/redirect'), { fetch }).execute(
      { q: 'a' },
      context(),
    );
    expect(outcome).toMatchObject({
      ok: false,
      code: 'REDIRECT_REFUSED',
      details: { status: 302, target: 'https://elsewhere.example' },
    });
    expect(outcome.ok ? '' : outcome.message).toContain('https://elsewhere.example');
  });

  it('stops reading a huge chunked body at 256 KiB', async () => {
    const outcome = await createCustomHttpTool(record('/huge'), { fetch }).execute(
      { q: 'a' },
      context(),
    );
    expect(outcome).toMatchObject({ ok: false, code: 'CUSTOM_RESPONSE_TOO_LARGE' });
  });

  it('times out slow endpoints and tells Stop apart', async () => {
    const timedOut = await createCustomHttpTool(record('/slow'), { fetch, timeoutMs: 100 }).execute(
      { q: 'a' },
      context(),
    );
    expect(timedOut).toMatchObject({ ok: false, code: 'TIMEOUT' });
    const stop = new AbortController();
    const pending = createCustomHttpTool(record('/slow'), { fetch }).execute(
      { q: 'a' },
      context(stop.signal),
    );
    setTimeout(() => stop.abort(), 50);
    expect(await pending).toMatchObject({ ok: false, code: 'CANCELLED' });
  });

  it('re-checks the endpoint policy at dispatch: no request to a cleartext origin without consent', async () => {
    let calls = 0;
    const counting: typeof fetch = (...args) => {
      calls += 1;
      return fetch(...args);
    };
    const tampered = { ...record('/ok'), endpoint: 'http://192.0.2.1/tool' };
    const outcome = await createCustomHttpTool(tampered, { fetch: counting }).execute(
      { q: 'a' },
      context(),
    );
    expect(outcome).toMatchObject({ ok: false, code: 'INSECURE_CONFIRMATION_REQUIRED' });
    expect(calls).toBe(0);
  });
});
