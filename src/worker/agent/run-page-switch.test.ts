// Switching a run to another tab: the guard and the page every later call gets move
// together, so a read after the switch goes to the new tab, pinned to its document,
// and is checked against the new tab's own page.
import { describe, expect, it } from 'vitest';
import type { ChatScope } from '../../shared/protocol/chat-records';
import type { TabSite } from '../../shared/protocol/site-catalog';
import type { PageRequests, PageTarget } from '../page-requests';
import type { RunInteraction } from '../tools/run-interaction';
import { runPageFor } from './run-page';
import { createRunPageGuard } from './run-page-guard';

const START: ChatScope = { siteId: 'web', projectId: 'https://a.example' };

function setup() {
  const tabs = new Map<number, TabSite>([
    [1, { tabId: 1, windowId: 1, url: 'https://a.example/', siteId: 'web', scope: START }],
    [
      2,
      {
        tabId: 2,
        windowId: 1,
        url: 'https://b.example/two',
        siteId: 'web',
        scope: { siteId: 'web', projectId: 'https://b.example' },
      },
    ],
    [
      3,
      {
        tabId: 3,
        windowId: 1,
        url: 'https://typst.app/project/x',
        siteId: 'typst',
        scope: { siteId: 'typst', projectId: 'x' },
      },
    ],
  ]);
  const sent: (number | PageTarget)[] = [];
  const pages: PageRequests = {
    request: (async (target: number | PageTarget, method: string) => {
      const tabId = typeof target === 'number' ? target : target.tabId;
      if (method === 'page/ping')
        return { ok: true, data: { runtimeVersion: 3, handshakes: 1, documentId: `doc-${tabId}` } };
      sent.push(target);
      return { ok: true, data: { text: `tab ${tabId}` } };
    }) as unknown as PageRequests['request'],
  };
  const guard = createRunPageGuard({
    tabs: { siteOf: async (tabId) => tabs.get(tabId) ?? null },
    pages,
    identity: { tabId: 1, scope: START, sessionId: 's' },
    signal: new AbortController().signal,
    stop: () => undefined,
    end: () => undefined,
  });
  const pauses: string[] = [];
  const interaction = {
    pauseForPage: async (pending: { reason: string }) => {
      pauses.push(pending.reason);
      return 'stop';
    },
  } as unknown as RunInteraction;
  const pageOf = (id: string) => runPageFor({ guard }, { id, name: 'read_page' }, interaction);
  return { tabs, sent, guard, pageOf, pauses };
}

describe('switching the run to another tab', () => {
  it('sends every later call to the new tab, pinned to its document, and leaves the current call as it was', async () => {
    const { sent, guard, pageOf } = setup();
    const before = pageOf('c1');
    expect(before.tabId).toBe(1);
    await before.request('page/echo' as never, { text: 'x' } as never);
    expect(await before.switchTab?.(2)).toEqual({
      ok: true,
      data: { url: 'https://b.example/two' },
    });
    expect(before.tabId).toBe(1);
    const after = pageOf('c2');
    expect(after.tabId).toBe(2);
    expect(guard.tabId()).toBe(2);
    expect(await after.request('page/echo' as never, { text: 'x' } as never)).toEqual({
      ok: true,
      data: { text: 'tab 2' },
    });
    expect(sent).toEqual([
      { tabId: 1, documentId: 'doc-1' },
      { tabId: 2, documentId: 'doc-2' },
    ]);
  });

  it('checks the new tab against its own page: leaving it pauses the run', async () => {
    const { tabs, guard, pageOf, pauses, sent } = setup();
    await guard.switchTo(2);
    const moved = tabs.get(2);
    if (!moved) throw new Error('no tab 2');
    tabs.set(2, { ...moved, scope: { siteId: 'web', projectId: 'https://c.example' } });
    await expect(
      pageOf('c3').request('page/echo' as never, { text: 'x' } as never),
    ).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(pauses).toEqual(['other-scope']);
    expect(sent).toEqual([]);
  });

  it('refuses a closed tab and a tab of another site, staying where it was', async () => {
    const { guard } = setup();
    expect(await guard.switchTo(9)).toMatchObject({ ok: false, error: { code: 'TAB_CLOSED' } });
    expect(await guard.switchTo(3)).toMatchObject({
      ok: false,
      error: { code: 'TAB_NOT_IN_TASK' },
    });
    expect(guard.tabId()).toBe(1);
  });
});
