// The browser side of a run's tab set (run-tabs.ts), and the one place that decides
// how the agent's tabs are marked. Chrome has named, coloured tab groups
// (`chrome.tabGroups`, with the manifest's `tabGroups` permission). Firefox's build
// does not ask for that permission, so `chrome.tabGroups` is absent there and the
// agent's tabs carry the toolbar button's badge for that tab instead: it says "the
// agent works here" without touching the page or its title.
// @see https://developer.chrome.com/docs/extensions/reference/api/tabGroups
import { createRunTabs, GROUP_TITLE, type TabGroupControl } from './run-tabs';
import type { TabFacts } from './tab-listing';

const BADGE_TEXT = 'AI';
const BADGE_COLOR = '#1a73e8';

const hasGroups = (): boolean =>
  typeof globalThis.chrome?.tabGroups?.update === 'function' &&
  typeof globalThis.chrome?.tabs?.group === 'function';

/** The real browser, decided once per call so a test browser can be either kind. */
export const browserTabGroups: TabGroupControl = {
  get hasGroups() {
    return hasGroups();
  },
  async groupOf(tabId) {
    try {
      const tab = await chrome.tabs.get(tabId);
      const groupId = tab.groupId;
      return groupId === undefined || groupId === chrome.tabGroups.TAB_GROUP_ID_NONE
        ? null
        : groupId;
    } catch {
      return undefined;
    }
  },
  async group(tabIds, groupId) {
    const [first, ...rest] = tabIds;
    if (first === undefined) throw new Error('no tab to group');
    const ids: [number, ...number[]] = [first, ...rest];
    if (groupId !== null) {
      try {
        return await chrome.tabs.group({ groupId, tabIds: ids });
      } catch {
        // The person closed or ungrouped the whole group: a new one is made below.
      }
    }
    const created = await chrome.tabs.group({ tabIds: ids });
    await chrome.tabGroups.update(created, { title: GROUP_TITLE, color: 'blue' });
    return created;
  },
  async ungroup(tabIds) {
    const [first, ...rest] = tabIds;
    if (first === undefined) return;
    await chrome.tabs.ungroup([first, ...rest]);
  },
  async moveTo(tabIds, groupId) {
    const [first, ...rest] = tabIds;
    if (first === undefined) return;
    await chrome.tabs.group({ groupId, tabIds: [first, ...rest] });
  },
  async mark(tabId, on) {
    const action = globalThis.chrome?.action;
    if (!action) return;
    await action.setBadgeText({ tabId, text: on ? BADGE_TEXT : '' });
    if (on) await action.setBadgeBackgroundColor({ tabId, color: BADGE_COLOR });
  },
  async open(url, nearTabId, active) {
    const near = await chrome.tabs.get(nearTabId);
    const tab = await chrome.tabs.create({
      url,
      active,
      windowId: near.windowId,
      index: near.index + 1,
      openerTabId: nearTabId,
    });
    if (tab.id === undefined) throw new Error('the browser gave the new tab no id');
    return tab.id;
  },
};

/** A tab's title and address now; undefined once it was closed. */
export async function browserTabFacts(tabId: number): Promise<TabFacts | undefined> {
  try {
    const tab = await chrome.tabs.get(tabId);
    return { title: tab.title ?? '', url: tab.url ?? tab.pendingUrl ?? '' };
  } catch {
    return undefined;
  }
}

/** Brings the tab to the front of its window (the window itself keeps its place). */
export async function activateTab(tabId: number): Promise<void> {
  await chrome.tabs.update(tabId, { active: true });
}

/** The tab sets of the web face's runs, for the whole worker. */
export const runTabs = createRunTabs(browserTabGroups);
