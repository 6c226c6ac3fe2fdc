// The run's tab group through a real Act run in Chromium: the run's tab is put in a
// "Side Agent" tab group on its first action, a tab the model opens with new_tab
// joins that group, a tab the person takes out of the group is refused with plain
// words (and the model is told), and the group is gone once the run ends while the
// opened tab stays open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTools } from '../support/tool-runs';
import { startWebRunRig, type WebRunRig } from '../support/web-run-rig';

const HOST = 'tabs.example';
const PAGE = '<!doctype html><title>Tabs</title><h1>Results</h1><input aria-label="Query">';
const SECOND = '<!doctype html><title>Second</title><h1>Second result</h1>';

let rig: WebRunRig;

beforeAll(async () => {
  rig = await startWebRunRig({ [HOST]: { '/': PAGE, '/two': SECOND } }, HOST);
}, 120_000);

afterAll(async () => rig?.close());

interface StripGroup {
  readonly title: string;
  readonly color: string;
  readonly urls: string[];
}

/** The window's tab groups with their tabs' addresses, and the run tab's group. */
async function strip(): Promise<{ groups: StripGroup[]; runTabGroup: number; tabs: string[] }> {
  const worker = await rig.browser.worker();
  return worker.evaluate(async (tabId) => {
    const runTab = await chrome.tabs.get(tabId);
    const groups = await chrome.tabGroups.query({ windowId: runTab.windowId });
    const tabs = await chrome.tabs.query({ windowId: runTab.windowId });
    return {
      groups: groups.map((group) => ({
        title: group.title ?? '',
        color: group.color,
        urls: tabs.filter((tab) => tab.groupId === group.id).map((tab) => tab.url ?? ''),
      })),
      runTabGroup: runTab.groupId,
      tabs: tabs.map((tab) => tab.url ?? tab.pendingUrl ?? ''),
    };
  }, rig.tabId);
}

describe('the run tab group', () => {
  it('groups the run tabs, refuses a tab taken back, and ungroups at the end', async () => {
    expect((await strip()).groups).toEqual([]);
    let grouped: Awaited<ReturnType<typeof strip>> | null = null;
    const outcome = await runTools(
      { driver: rig.driver, models: rig.models, modelId: rig.modelId },
      [
        { name: 'new_tab', arguments: { url: `https://${HOST}/two` } },
        {
          name: 'press_keys',
          arguments: { keys: ['Tab'] },
          before: async () => {
            grouped = await strip();
            // The person drags the run's tab out of the group.
            const worker = await rig.browser.worker();
            await worker.evaluate((tabId) => chrome.tabs.ungroup(tabId), rig.tabId);
          },
        },
      ],
      { agentMode: 'act', prompt: 'Open the second result in a new tab, then go on here.' },
    );
    expect(outcome.results[0]).toMatchObject({ ok: true, result: { tabs_in_task: 2 } });
    expect(grouped).not.toBeNull();
    const during = grouped as unknown as Awaited<ReturnType<typeof strip>>;
    expect(during.groups).toEqual([
      {
        title: 'Side Agent',
        color: 'blue',
        urls: [`https://${HOST}/`, `https://${HOST}/two`],
      },
    ]);
    expect(outcome.results[1]).toMatchObject({ ok: false, code: 'TAB_TAKEN_BACK' });
    expect(String(outcome.results[1]?.['message'])).toContain(
      'You took this tab back from Side Agent',
    );
    // The panel (the person's tool card) gets the same plain words.
    const events = JSON.stringify(await rig.driver.eventsOf(outcome.runId));
    expect(events).toContain('You took this tab back from Side Agent');
    // At run end the group goes; the tab the agent opened stays open.
    await expect.poll(async () => (await strip()).groups, { timeout: 10_000 }).toEqual([]);
    expect((await strip()).tabs).toContain(`https://${HOST}/two`);
  });
});
