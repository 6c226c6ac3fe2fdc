import { describe, expect, it } from 'vitest';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { ModelAdapter, StreamPart } from '../providers/model-adapter';
import { tracedAdapter } from '../agent/trace-sink';
import { createTestTracesStore } from './__fixtures__/trace-fakes';
import { createTraceStarter } from './trace-recorder';
import type { TracesStore } from './traces.store';

const RUN = { runId: 'run-1', sessionId: 'session-1', siteId: 'web' };
const API_KEY = 'sk-proj-AbCdEfGhIjKlMnOpQrStUvWx1234';

const answering = (parts: StreamPart[]): ModelAdapter => ({
  kind: 'openai-compatible',
  async *stream() {
    yield* parts;
  },
  listModels: async () => ({ ok: true, data: [] }),
});

async function drain(adapter: ModelAdapter, apiKey: string) {
  const request = {
    settings: { kind: 'openai-compatible' as const, baseUrl: 'http://x/v1', apiKey, modelId: 'm' },
    messages: [
      { role: 'system' as const, text: 'Authorization: Bearer abcdefghijklmnopqrstuvwxyz012345' },
    ],
    tools: [],
  };
  const signal = new AbortController().signal;
  for await (const part of adapter.stream(request, { signal, fetch: async () => new Response('') }))
    void part;
}

describe('trace recorder', () => {
  it('stores no API key and no password, in requests, responses or tool details', async () => {
    const store = await createTestTracesStore();
    const sink = createTraceStarter({ store })(RUN);
    sink.title(`Log in with password: hunter2secret and key ${API_KEY}`);
    const adapter = tracedAdapter(
      answering([
        { type: 'text-delta', text: `Your key is ${API_KEY}. ` },
        { type: 'text-delta', text: 'The password is hunter2secret' },
        { type: 'finish', reason: 'stop' },
      ]),
      sink,
      'main-loop',
    );
    await drain(adapter, 'sk-live-very-secret-settings-key-0000');
    sink.record({
      kind: 'tool-call',
      phase: 'main-loop',
      name: 'type_text',
      summary: 'type_text',
      detail: { headers: { Authorization: 'Basic dXNlcjpwYXNz' }, password: 'plain', value: 'ok' },
    });
    sink.end('done');
    await sink.settled();
    const stored = JSON.stringify(await store.get('run-1'));
    for (const secret of [
      API_KEY,
      'hunter2secret',
      'very-secret-settings-key',
      'dXNlcjpwYXNz',
      'plain',
      'abcdefghijklmnopqrstuvwxyz012345',
    ])
      expect(stored).not.toContain(secret);
    expect(stored).toContain('[secret removed: api-key]');
    expect(stored).toContain('[secret removed: password]');
    const found = await store.get('run-1');
    expect(found?.events.map((event) => event.kind)).toEqual([
      'model-request',
      'model-response',
      'tool-call',
    ]);
    // What is kept stays readable JSON.
    for (const event of found?.events ?? [])
      expect(() => JSON.parse(event.detail) as unknown).not.toThrow();
    expect(found?.run.status).toBe('done');
  });

  it('records nothing when tracing is off', async () => {
    const store = await createTestTracesStore({ enabled: false });
    const sink = createTraceStarter({ store })(RUN);
    sink.record({ kind: 'phase', phase: 'planner', summary: 'planner starts' });
    sink.end('done');
    await sink.settled();
    expect(await store.list()).toEqual([]);
  });

  it('stops a run at a full store with TRACE_QUOTA_EXCEEDED and keeps what was stored', async () => {
    const real = await createTestTracesStore();
    let writes = 0;
    const store: TracesStore = {
      ...real,
      append: async (run, event) => {
        writes += 1;
        if (event && event.seq >= 2 && !run.stopped) {
          // What the shared write path makes of a QuotaExceededError.
          throw new ProtocolFailure('STORAGE_QUOTA_EXCEEDED', 'full');
        }
        return real.append(run, event);
      },
    };
    const sink = createTraceStarter({ store })(RUN);
    for (let index = 0; index < 6; index += 1)
      sink.record({ kind: 'notice', phase: 'main-loop', summary: `step ${index}` });
    await sink.settled();
    const found = await real.get('run-1');
    expect(found?.run.stopped).toBe('TRACE_QUOTA_EXCEEDED');
    expect(found?.events.map((event) => event.summary)).toEqual(['step 0', 'step 1']);
    expect(writes).toBeGreaterThan(0);
  });

  it('stops a run that would pass the size limit on its own', async () => {
    const store = await createTestTracesStore({ enabled: true, maxMegabytes: 1 });
    const sink = createTraceStarter({ store })(RUN);
    sink.record({ kind: 'notice', phase: 'main-loop', summary: 'small' });
    sink.record({
      kind: 'notice',
      phase: 'main-loop',
      summary: 'big',
      detail: 'x'.repeat(200_000),
    });
    for (let index = 0; index < 6; index += 1)
      sink.record({
        kind: 'notice',
        phase: 'main-loop',
        summary: 'big',
        detail: 'y'.repeat(200_000),
      });
    sink.end('done');
    await sink.settled();
    const found = await store.get('run-1');
    expect(found?.run.stopped).toBe('TRACE_QUOTA_EXCEEDED');
    expect(found?.run.bytes).toBeLessThanOrEqual(1_048_576);
    expect(found?.events.length).toBeGreaterThan(1);
    expect(found?.events.length).toBeLessThan(7);
  });
});
