import { describe, expect, it, vi } from 'vitest';
import { NO_TRACE } from '../agent/trace-sink';
import { callModel, SETTINGS_KEY } from './__fixtures__/model-call';
import {
  createRecentActivity,
  MAX_EXCHANGE_CHARS,
  MAX_EXCHANGES,
  MAX_RUN_EVENTS,
} from './recent-activity';

const RUN = { runId: 'run-1', sessionId: 'session-1', siteId: 'web' };
describe('recent activity', () => {
  it('keeps each model call while the trace starter still gets every event', async () => {
    const inner = { title: vi.fn(), record: vi.fn(), forget: vi.fn(), end: vi.fn() };
    const recent = createRecentActivity();
    const sink = recent.watch(() => inner)(RUN);
    await callModel(sink, 'What is on this page?', 'A form.');
    sink.end('error', 'MODEL_FAILED');
    expect(inner.record).toHaveBeenCalledTimes(2);
    expect(inner.end).toHaveBeenCalledWith('error', 'MODEL_FAILED');
    const exchanges = recent.exchanges();
    expect(exchanges.map((exchange) => exchange.kind)).toEqual(['model-request', 'model-response']);
    expect(exchanges[0]?.detail).toContain('What is on this page?');
    expect(exchanges[1]?.detail).toContain('A form.');
    expect(recent.lastRun()).toMatchObject({
      runId: 'run-1',
      status: 'error',
      errorCode: 'MODEL_FAILED',
    });
  });

  it('records with no trace starter at all (tracing never configured)', async () => {
    const recent = createRecentActivity();
    const sink = recent.watch(undefined)(RUN);
    expect(sink).not.toBe(NO_TRACE);
    await callModel(sink);
    expect(recent.exchanges()).toHaveLength(2);
  });

  it('keeps no key, Authorization header or password', async () => {
    const recent = createRecentActivity();
    const sink = recent.watch(undefined)(RUN);
    await callModel(
      sink,
      'my password: hunter2secret and key sk-proj-AbCdEfGhIjKlMnOpQrStUvWx1234',
    );
    sink.record({
      kind: 'model-request',
      phase: 'main-loop',
      summary: 'raw',
      detail: {
        headers: { Authorization: 'Bearer abcdefghijklmnopqrstuvwxyz012345' },
        authorization: 'Basic dXNlcjpwYXNz',
        password: 'plainpw',
      },
    });
    const kept = JSON.stringify(recent.exchanges()) + JSON.stringify(recent.lastRun());
    for (const secret of [
      SETTINGS_KEY,
      'hunter2secret',
      'AbCdEfGhIjKlMnOpQrStUvWx1234',
      'abcdefghijklmnopqrstuvwxyz012345',
      'dXNlcjpwYXNz',
      'plainpw',
    ])
      expect(kept).not.toContain(secret);
  });

  it('keeps the last 20 exchanges, each cut to its limit, and a bounded event list', async () => {
    const recent = createRecentActivity();
    const sink = recent.watch(undefined)(RUN);
    for (let index = 0; index < 15; index += 1)
      await callModel(sink, `call ${index} ${'x'.repeat(10_000)}`);
    const exchanges = recent.exchanges();
    expect(exchanges).toHaveLength(MAX_EXCHANGES);
    // 30 exchanges were made; the first 10 (calls 0-4) are gone.
    expect(exchanges[0]?.detail).toContain('call 5 ');
    for (const exchange of exchanges)
      expect(exchange.detail.length).toBeLessThanOrEqual(MAX_EXCHANGE_CHARS + 60);
    expect(exchanges[0]?.detail).toMatch(/\[cut: \d+ characters in all\]$/);
    for (let index = 0; index < MAX_RUN_EVENTS; index += 1)
      sink.record({ kind: 'notice', phase: 'main-loop', summary: `n${index}` });
    expect(recent.lastRun()?.events).toHaveLength(MAX_RUN_EVENTS);
    expect(recent.lastRun()?.droppedEvents).toBe(30);
  });
});
