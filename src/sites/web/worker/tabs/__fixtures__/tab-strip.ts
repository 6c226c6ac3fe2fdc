// A fake browser tab strip for the tab tools' tests: tabs with addresses, titles and
// groups the test can drag out, ungroup or close, the run's real tab set over it, and
// a run whose pages go through the real page guard, so a switch is seen by the calls
// that follow it exactly as in a run. Never imported by shipped code.
import type { PageRequests, PageTarget } from '../../../../../worker/page-requests';
import type { AccessFacts } from '../../../../../worker/site-access/bridge-access';
import { createRunPageGuard } from '../../../../../worker/agent/run-page-guard';
import { runPageFor } from '../../../../../worker/agent/run-page';
import type { ToolRunContext } from '../../../../../worker/tools/define-tool';
import type { RunInteraction } from '../../../../../worker/tools/run-interaction';
import { createWebRunState } from '../../safety/observations';
import { createRunTabs, type TabGroupControl } from '../run-tabs';

export const SHOP = 'https://shop.example/*';
export const NEWS = 'https://news.example/*';

/** Site access allowing `patterns` always. */
export const allowing = (...patterns: string[]): AccessFacts => ({
  allowed: {
    always: patterns.map((pattern) => ({ pattern, since: 1, permission: 'requested' as const })),
  },
  browserOrigins: patterns,
  activeTabs: [],
  browser: 'chromium',
});

interface FakeTab {
  url: string;
  title: string;
  group: number | null;
}

export function tabStrip(start = { url: 'https://shop.example/cart', title: 'Cart' }) {
  const tabs = new Map<number, FakeTab>([[1, { ...start, group: null }]]);
  let nextTab = 1;
  let nextGroup = 40;
  const activated: number[] = [];
  const control: TabGroupControl = {
    hasGroups: true,
    groupOf: async (tabId) => (tabs.has(tabId) ? (tabs.get(tabId)?.group ?? null) : undefined),
    async group(tabIds, groupId) {
      const live = [...tabs.values()].some((tab) => tab.group === groupId);
      const id = groupId !== null && live ? groupId : (nextGroup += 1);
      for (const tabId of tabIds) {
        const tab = tabs.get(tabId);
        if (tab) tab.group = id;
      }
      return id;
    },
    ungroup: async () => undefined,
    moveTo: async () => undefined,
    mark: async () => undefined,
    async open(url) {
      nextTab += 1;
      tabs.set(nextTab, { url, title: `Title of ${url}`, group: null });
      return nextTab;
    },
  };
  const runTabs = createRunTabs(control);
  const originOf = (url: string) => new URL(url).origin;
  const browser = {
    tabUrl: async (tabId: number) => tabs.get(tabId)?.url,
    tabFacts: async (tabId: number) => {
      const tab = tabs.get(tabId);
      return tab ? { title: tab.title, url: tab.url } : undefined;
    },
    activate: async (tabId: number) => {
      if (!tabs.has(tabId)) throw new Error(`No tab with id: ${tabId}.`);
      activated.push(tabId);
    },
  };
  return {
    tabs,
    runTabs,
    browser,
    activated,
    /** The person drags a tab out of the group. */
    dragOut: (tabId: number) => {
      const tab = tabs.get(tabId);
      if (tab) tab.group = null;
    },
    /** The person ungroups the whole group (its tabs stay open). */
    ungroupAll: () => {
      for (const tab of tabs.values()) tab.group = null;
    },
    close: (tabId: number) => tabs.delete(tabId),
    /** A run on tab 1 whose calls get their page from the real guard. */
    run(runId = 'run-1') {
      const sent: { tabId: number; method: string }[] = [];
      const pages: PageRequests = {
        request: (async (target: number | PageTarget, method: string) => {
          const tabId = typeof target === 'number' ? target : target.tabId;
          if (method === 'page/ping')
            return {
              ok: true,
              data: { runtimeVersion: 3, handshakes: 1, documentId: `doc-${tabId}` },
            };
          sent.push({ tabId, method });
          return { ok: true, data: { text: tabs.get(tabId)?.title ?? '' } };
        }) as unknown as PageRequests['request'],
      };
      const identity = {
        tabId: 1,
        scope: { siteId: 'web' as const, projectId: originOf(start.url) },
        sessionId: 's',
      };
      const guard = createRunPageGuard({
        tabs: {
          siteOf: async (tabId) => {
            const tab = tabs.get(tabId);
            if (!tab) return null;
            const scope = { siteId: 'web' as const, projectId: originOf(tab.url) };
            return { tabId, windowId: 1, url: tab.url, siteId: 'web', scope };
          },
        },
        pages,
        identity,
        signal: new AbortController().signal,
        stop: () => undefined,
        end: () => undefined,
      });
      const interaction = {
        pauseForPage: async () => 'stop' as const,
      } as unknown as RunInteraction;
      const state = { checkpointId: null, site: createWebRunState() };
      let calls = 0;
      /** The context of the run's next tool call. */
      const context = (): ToolRunContext => {
        calls += 1;
        const call = { id: `call-${calls}`, name: 'tool' };
        return {
          runId,
          callId: call.id,
          signal: new AbortController().signal,
          identity,
          editMode: 'ask',
          page: runPageFor({ guard }, call, interaction),
          interaction,
          state,
          documentHooks: {},
          personText: ['Open the offer in a new tab and compare the tabs.'],
        };
      };
      return { context, guard, sent, state };
    },
  };
}
