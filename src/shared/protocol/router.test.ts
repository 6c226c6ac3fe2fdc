import { describe, expect, it, vi } from 'vitest';
import { createEventRouter, createRequestRouter } from './router';
import { panelToWorker, systemRequestMethods } from './panel-to-worker';
import { genericPageChannel } from './worker-to-page';
import { pageToWorker } from './page-to-worker';
import { workerToPanel } from './worker-to-panel';
import type { SenderClass } from './sender';

interface Case {
  readonly name: string;
  readonly sender: SenderClass;
  readonly type: string;
  readonly valid: unknown;
  readonly extra: unknown;
  readonly missing: unknown;
  readonly wrongType: unknown;
  readonly oversized: unknown;
  readonly runScoped: boolean;
  readonly route: (
    raw: unknown,
    sender?: SenderClass,
  ) => Promise<{ ok: boolean; error?: { code: string } }>;
  readonly ran: () => number;
}

function requestCase(): Case[] {
  const panelSpy = vi.fn(() => ({
    siteId: 'typst' as const,
    url: 'https://typst.app/project/a',
    title: 't',
    documentId: 'doc-1',
  }));
  // Only the system group: other groups' handlers are tested beside them.
  const panel = createRequestRouter(
    { ...panelToWorker, methods: systemRequestMethods },
    {
      'system/ping': () => ({ instanceId: 'i', startedAt: 1, version: '0' }),
      'tab/get-site': () => null,
      'site/catalog': () => ({ sites: [] }),
      'page/get-context': panelSpy,
    },
  );
  const pageSpy = vi.fn(({ text }: { text: string }) => ({ text }));
  const page = createRequestRouter(genericPageChannel, {
    'page/get-context': () => ({
      siteId: 'web' as const,
      url: '',
      title: '',
      documentId: 'doc-1',
    }),
    'page/ping': () => ({ runtimeVersion: 1, handshakes: 0, documentId: 'doc-1' }),
    'page/cancel': () => ({ cancelled: false }),
    'page/echo': pageSpy,
  });
  return [
    {
      name: 'panel-to-worker',
      sender: 'extension-page',
      type: 'page/get-context',
      valid: { tabId: 3 },
      extra: { tabId: 3, evil: 1 },
      missing: {},
      wrongType: { tabId: '3' },
      oversized: { tabId: 2 ** 40 },
      runScoped: false,
      route: (raw, sender = 'extension-page') => panel.handle(raw, { sender }),
      ran: () => panelSpy.mock.calls.length,
    },
    {
      name: 'worker-to-page',
      sender: 'worker',
      type: 'page/echo',
      valid: { text: 'hello' },
      extra: { text: 'hello', evil: 1 },
      missing: {},
      wrongType: { text: 5 },
      oversized: { text: 'x'.repeat(1_048_577) },
      runScoped: false,
      route: (raw, sender = 'worker') => page.handle(raw, { sender }),
      ran: () => pageSpy.mock.calls.length,
    },
  ];
}

function eventCases(): Case[] {
  const readySpy = vi.fn();
  const fromPage = createEventRouter(pageToWorker, {
    'page/ready': readySpy,
    'page/quick-attach': vi.fn(),
    'page/completion-signal': vi.fn(),
    'page/stop-runs': vi.fn(),
  });
  const streamSpy = vi.fn();
  const toPanel = createEventRouter(
    workerToPanel,
    {
      'tab/site-changed': vi.fn(),
      'sites/changed': vi.fn(),
      'panel/quick-attach': vi.fn(),
      'run/memory': vi.fn(),
      'run/resumed': vi.fn(),
      'run/start': vi.fn(),
      'run/stream': streamSpy,
      'run/tool-call': vi.fn(),
      'run/tool-status': vi.fn(),
      'run/pending': vi.fn(),
      'run/notice': vi.fn(),
      'run/end': vi.fn(),
    },
    { isActiveRun: (runId) => runId === 'run-active' },
  );
  return [
    {
      name: 'page-to-worker',
      sender: 'content-script',
      type: 'page/ready',
      valid: { url: 'https://typst.app/', runtimeVersion: 1, documentId: 'd1' },
      extra: { url: 'https://typst.app/', runtimeVersion: 1, documentId: 'd1', evil: true },
      missing: { url: 'https://typst.app/', documentId: 'd1' },
      wrongType: { url: 'https://typst.app/', runtimeVersion: 'one', documentId: 'd1' },
      oversized: { url: 'x'.repeat(2_049), runtimeVersion: 1, documentId: 'd1' },
      runScoped: false,
      route: (raw, sender = 'content-script') => fromPage.handle(raw, { sender }),
      ran: () => readySpy.mock.calls.length,
    },
    {
      name: 'worker-to-panel',
      sender: 'worker',
      type: 'run/stream',
      valid: { sequence: 0, parts: [{ channel: 'text', text: 'hi' }] },
      extra: { sequence: 0, parts: [], evil: 1 },
      missing: { parts: [] },
      wrongType: { sequence: 0, parts: [{ channel: 'shout', text: 'hi' }] },
      oversized: {
        sequence: 0,
        parts: Array.from({ length: 257 }, () => ({ channel: 'text', text: 'a' })),
      },
      runScoped: true,
      route: (raw, sender = 'worker') => toPanel.handle(raw, { sender }),
      ran: () => streamSpy.mock.calls.length,
    },
  ];
}

describe.each([...requestCase(), ...eventCases()])('router for $name', (channel) => {
  const envelope = (payload: unknown, extra: Record<string, unknown> = {}) => ({
    type: channel.type,
    requestId: 'req-1',
    ...(channel.runScoped ? { runId: 'run-active' } : {}),
    payload,
    ...extra,
  });

  it('runs the handler for a valid message', async () => {
    const before = channel.ran();
    expect((await channel.route(envelope(channel.valid))).ok).toBe(true);
    expect(channel.ran()).toBe(before + 1);
  });

  it.each([
    ['an unknown type', { ...envelope(channel.valid), type: 'nope/nope' }, 'UNKNOWN_MESSAGE_TYPE'],
    [
      'a prototype key as type',
      { ...envelope(channel.valid), type: '__proto__' },
      'UNKNOWN_MESSAGE_TYPE',
    ],
    ['an extra payload field', envelope(channel.extra), 'UNKNOWN_PAYLOAD_FIELD'],
    ['a missing payload field', envelope(channel.missing), 'MISSING_PAYLOAD_FIELD'],
    ['a wrong field type', envelope(channel.wrongType), 'INVALID_PAYLOAD_FIELD'],
    ['an oversized value', envelope(channel.oversized), 'PAYLOAD_TOO_LARGE'],
    ['an extra envelope field', envelope(channel.valid, { smuggled: true }), 'INVALID_ENVELOPE'],
    ['a non-object envelope', 'just a string', 'INVALID_ENVELOPE'],
  ])('refuses %s with a code and runs no handler', async (_label, raw, code) => {
    const before = channel.ran();
    const result = await channel.route(raw);
    expect(result.ok).toBe(false);
    expect(result.error?.code).toBe(code);
    expect(channel.ran()).toBe(before);
  });

  it('refuses a sender class the channel does not accept', async () => {
    const before = channel.ran();
    const result = await channel.route(
      envelope(channel.valid),
      channel.sender === 'worker' ? 'content-script' : 'page-main',
    );
    expect(result.error?.code).toBe('SENDER_NOT_ALLOWED');
    expect(channel.ran()).toBe(before);
  });

  it('checks the runId against the run scope', async () => {
    const before = channel.ran();
    if (channel.runScoped) {
      const { runId: _omit, ...withoutRun } = envelope(channel.valid) as Record<string, unknown>;
      expect((await channel.route(withoutRun)).error?.code).toBe('MISSING_RUN_ID');
      expect(
        (await channel.route(envelope(channel.valid, { runId: 'run-stale' }))).error?.code,
      ).toBe('STALE_RUN_ID');
      expect(
        (await channel.route(envelope(channel.valid, { runId: 'bad id with spaces' }))).error?.code,
      ).toBe('INVALID_ENVELOPE');
    } else {
      expect((await channel.route(envelope(channel.valid, { runId: 'run-1' }))).error?.code).toBe(
        'UNEXPECTED_RUN_ID',
      );
    }
    expect(channel.ran()).toBe(before);
  });
});

describe('request routers', () => {
  it('require a requestId', async () => {
    const router = createRequestRouter(genericPageChannel, {
      'page/get-context': () => ({
        siteId: 'web' as const,
        url: '',
        title: '',
        documentId: 'doc-1',
      }),
      'page/ping': () => ({ runtimeVersion: 1, handshakes: 0, documentId: 'doc-1' }),
      'page/cancel': () => ({ cancelled: false }),
      'page/echo': ({ text }) => ({ text }),
    });
    const result = await router.handle(
      { type: 'page/echo', payload: { text: 'x' } },
      { sender: 'worker' },
    );
    expect(result.ok ? null : result.error.code).toBe('MISSING_REQUEST_ID');
  });

  it('refuse a handler answer that does not match the response schema', async () => {
    const router = createRequestRouter(genericPageChannel, {
      'page/get-context': () => ({ siteId: 'mars' }) as never,
      'page/ping': () => ({ runtimeVersion: 1, handshakes: 0, documentId: 'doc-1' }),
      'page/cancel': () => ({ cancelled: false }),
      'page/echo': ({ text }) => ({ text }),
    });
    const result = await router.handle(
      { type: 'page/get-context', requestId: 'r', payload: {} },
      { sender: 'worker' },
    );
    expect(result.ok ? null : result.error.code).toBe('INVALID_RESPONSE');
  });

  it('turn handler failures into structured errors', async () => {
    const router = createRequestRouter(genericPageChannel, {
      'page/get-context': () => {
        throw new Error('boom');
      },
      'page/ping': () => ({ runtimeVersion: 1, handshakes: 0, documentId: 'doc-1' }),
      'page/cancel': () => ({ cancelled: false }),
      'page/echo': ({ text }) => ({ text }),
    });
    const result = await router.handle(
      { type: 'page/get-context', requestId: 'r', payload: {} },
      { sender: 'worker' },
    );
    expect(result).toEqual({ ok: false, error: { code: 'HANDLER_FAILED', message: 'boom' } });
  });
});
