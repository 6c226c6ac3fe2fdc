import { describe, expect, it, vi } from 'vitest';
import type { ChatScope } from '../../shared/protocol/chat-records';
import type { Result } from '../../shared/protocol/envelope';
import type { TabSite } from '../../shared/protocol/site-catalog';
import type { PageRequests, PageTarget } from '../page-requests';
import { createRunPageGuard, type GuardedCall } from './run-page-guard';

const SCOPE: ChatScope = { siteId: 'typst', projectId: 'a' };
const tab = (scope: ChatScope | null): TabSite => ({
  tabId: 7,
  windowId: 1,
  url: 'https://typst.app/project/x',
  siteId: 'typst',
  scope,
});

function setup(options: { documents?: string[] } = {}) {
  const state = {
    tab: tab(SCOPE) as TabSite | null,
    documents: [...(options.documents ?? ['doc-1'])],
  };
  const sent: { target: number | PageTarget; method: string }[] = [];
  const pages: PageRequests = {
    request: vi.fn(async (target: number | PageTarget, method: string) => {
      const current = state.documents[0] ?? 'none';
      if (method === 'page/ping') {
        return { ok: true, data: { runtimeVersion: 3, handshakes: 1, documentId: current } };
      }
      sent.push({ target, method });
      const pinned = typeof target === 'number' ? undefined : target.documentId;
      if (pinned !== undefined && pinned !== current) {
        return { ok: false, error: { code: 'PAGE_DOCUMENT_CHANGED', message: 'changed' } };
      }
      return { ok: true, data: { text: 'answer' } };
    }) as unknown as PageRequests['request'],
  };
  const stop = vi.fn();
  const end = vi.fn();
  const guard = createRunPageGuard({
    tabs: { siteOf: async () => state.tab },
    pages,
    identity: { tabId: 7, scope: SCOPE, sessionId: 's' },
    signal: new AbortController().signal,
    stop,
    end,
  });
  const answers: ('retry' | 'stop' | 'timeout')[] = [];
  const pauses: { reason: string; message: string }[] = [];
  const call: GuardedCall = {
    callId: 'c1',
    toolName: 'replace_lines',
    pause: vi.fn(async (pending) => {
      pauses.push({ reason: pending.reason, message: pending.message });
      const answer = answers.shift() ?? 'timeout';
      onPause?.(pending.reason);
      return answer;
    }),
  };
  let onPause: ((reason: string) => void) | undefined;
  const echo = () =>
    guard.request(call, 'page/echo', { text: 'x' }) as Promise<Result<{ text: string }>>;
  return {
    state,
    sent,
    guard,
    echo,
    pauses,
    answers,
    stop,
    end,
    whenPaused: (listener: (reason: string) => void) => (onPause = listener),
  };
}

describe('run page guard', () => {
  it('sends a subframe request to that frame and document, and never pauses for its change', async () => {
    const { sent, guard, state, pauses } = setup();
    const frame = { frameId: 12, documentId: 'frame-doc' };
    const call = { callId: 'c', toolName: 'read', pause: async () => 'retry' as const };
    const result = await guard.request(call, 'page/echo', { text: 'x' }, frame);
    expect(sent.at(-1)?.target).toEqual({ tabId: 7, frameId: 12, documentId: 'frame-doc' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.code).toBe('PAGE_DOCUMENT_CHANGED');
    expect(pauses).toEqual([]);
    // The tab's scope is still checked first: another project pauses before any frame request.
    state.tab = tab({ siteId: 'typst', projectId: 'b' });
    const pending = guard.request(
      { ...call, pause: async () => 'stop' as const },
      'page/echo',
      { text: 'x' },
      frame,
    );
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(sent).toHaveLength(1);
  });

  it('returns a top document change to a caller that asked for it, without a pause', async () => {
    const { guard, state, pauses, sent } = setup();
    const call = { callId: 'c', toolName: 'click', pause: async () => 'retry' as const };
    await guard.request(call, 'page/echo', { text: 'x' });
    state.documents = ['doc-2'];
    const result = await guard.request(call, 'page/echo', { text: 'x' }, undefined, {
      reportDocumentChange: true,
    });
    expect(result).toMatchObject({ ok: false, error: { code: 'PAGE_DOCUMENT_CHANGED' } });
    expect(pauses).toEqual([]);
    expect(sent.at(-1)?.target).toEqual({ tabId: 7, documentId: 'doc-1' });
  });

  it('pins every request to the document the run works on', async () => {
    const { sent, echo, guard } = setup();
    expect(await echo()).toEqual({ ok: true, data: { text: 'answer' } });
    await echo();
    expect(guard.documentId()).toBe('doc-1');
    expect(sent.map((entry) => entry.target)).toEqual([
      { tabId: 7, documentId: 'doc-1' },
      { tabId: 7, documentId: 'doc-1' },
    ]);
  });

  it('pauses while the tab shows another scope, sends nothing, and goes on after Retry', async () => {
    const { state, sent, echo, pauses, answers, whenPaused } = setup();
    state.tab = tab({ siteId: 'typst', projectId: 'b' });
    answers.push('retry', 'retry');
    let count = 0;
    whenPaused(() => {
      count += 1;
      // The first Retry finds the other project still open; the second finds the run's.
      if (count === 2) state.tab = tab(SCOPE);
    });
    expect(await echo()).toMatchObject({ ok: true });
    expect(pauses.map((pause) => pause.reason)).toEqual(['other-scope', 'other-scope']);
    expect(pauses[0]?.message).toContain('another page');
    expect(sent).toHaveLength(1);
  });

  it('stops the run from the pause without touching the page', async () => {
    const { state, sent, echo, answers, stop } = setup();
    state.tab = tab(null);
    answers.push('stop');
    await expect(echo()).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(stop).toHaveBeenCalledOnce();
    expect(sent).toHaveLength(0);
  });

  it('follows a navigation the run itself made without a pause, and still checks the scope', async () => {
    const { state, sent, echo, pauses, answers, guard } = setup();
    expect(await echo()).toMatchObject({ ok: true });
    state.documents = ['doc-2'];
    guard.followNavigation();
    expect(await echo()).toMatchObject({ ok: true });
    expect(pauses).toEqual([]);
    expect(guard.documentId()).toBe('doc-2');
    expect(sent.map((entry) => entry.target)).toEqual([
      { tabId: 7, documentId: 'doc-1' },
      { tabId: 7, documentId: 'doc-2' },
    ]);
    // A navigation that left the run's scope still pauses.
    state.tab = tab({ siteId: 'typst', projectId: 'b' });
    guard.followNavigation();
    answers.push('stop');
    await expect(echo()).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(pauses.map((pause) => pause.reason)).toEqual(['other-scope']);
  });

  it('refuses a reloaded page, pauses, and after Retry pins the page as it is now', async () => {
    const { state, sent, echo, pauses, answers, guard } = setup();
    expect(await echo()).toMatchObject({ ok: true });
    state.documents = ['doc-2'];
    answers.push('retry');
    expect(await echo()).toMatchObject({ ok: true });
    expect(pauses.map((pause) => pause.reason)).toEqual(['navigated']);
    expect(guard.documentId()).toBe('doc-2');
    expect(sent.map((entry) => entry.target)).toEqual([
      { tabId: 7, documentId: 'doc-1' },
      { tabId: 7, documentId: 'doc-1' },
      { tabId: 7, documentId: 'doc-2' },
    ]);
  });

  it('ends the run when its tab is gone or the page never comes back', async () => {
    const closed = setup();
    closed.state.tab = null;
    await expect(closed.echo()).rejects.toMatchObject({ code: 'RUN_SCOPE_CHANGED' });
    expect(closed.end).toHaveBeenCalledWith(expect.objectContaining({ code: 'RUN_SCOPE_CHANGED' }));
    expect(closed.sent).toHaveLength(0);

    const away = setup();
    away.state.tab = tab({ siteId: 'typst', projectId: 'b' });
    await expect(away.echo()).rejects.toMatchObject({ code: 'RUN_SCOPE_CHANGED' });
    expect(away.end).toHaveBeenCalledOnce();
    expect(away.sent).toHaveLength(0);
  });
});
