// Working across the run's tabs through a real Act run in Chromium: the model opens a
// second tab with new_tab, which makes list_tabs and switch_tab appear in the next
// request; it switches to the new tab (shown in the window) and reads and presses a
// key there, lists the tabs, switches back to the first tab and reads it. Each read
// and action goes to the tab the run switched to, with one input session per tab.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runRequests, runTools, type ToolResult } from '../support/tool-runs';
import { startWebRunRig, type WebRunRig } from '../support/web-run-rig';

const HOST = 'tabs.example';
const FIRST = '<!doctype html><title>Offers</title><h1>First offer: 12 euros</h1>';
const SECOND =
  '<!doctype html><title>Details</title><h1>Second offer: 9 euros</h1><input aria-label="Note">';

let rig: WebRunRig;

beforeAll(async () => {
  rig = await startWebRunRig({ [HOST]: { '/': FIRST, '/two': SECOND } }, HOST);
}, 120_000);

afterAll(async () => rig?.close());

/** Which of the window's tabs is shown, by address. */
async function shownTab(): Promise<string> {
  const worker = await rig.browser.worker();
  return worker.evaluate(async (tabId) => {
    const runTab = await chrome.tabs.get(tabId);
    const [active] = await chrome.tabs.query({ windowId: runTab.windowId, active: true });
    return active?.url ?? '';
  }, rig.tabId);
}

/** Whether the page at `pathname` shows the "Side Agent is acting" mark. */
async function marked(pathname: string): Promise<boolean> {
  const page = rig.browser.context
    .pages()
    .find((candidate) => new URL(candidate.url()).pathname === pathname);
  if (!page) throw new Error(`no page at ${pathname}`);
  return page.evaluate(() => document.querySelector('side-agent-acting') !== null);
}

const textOf = (result: ToolResult | undefined) => JSON.stringify(result ?? {});

describe('switching between the run tabs', () => {
  it('lists the tabs, switches to the new one and back, and reads each where it is', async () => {
    const start = rig.models.requests.length;
    const shown: string[] = [];
    let secondMarked = false;
    const outcome = await runTools(
      { driver: rig.driver, models: rig.models, modelId: rig.modelId },
      [
        { name: 'new_tab', arguments: { url: `https://${HOST}/two` } },
        { name: 'switch_tab', arguments: { tab: 't2' } },
        { name: 'read_page', arguments: {}, before: async () => void shown.push(await shownTab()) },
        { name: 'press_keys', arguments: { keys: ['Tab'] } },
        {
          name: 'list_tabs',
          arguments: {},
          before: async () => void (secondMarked = await marked('/two')),
        },
        { name: 'switch_tab', arguments: { tab: 't1' } },
        { name: 'read_page', arguments: {}, before: async () => void shown.push(await shownTab()) },
        { name: 'press_keys', arguments: { keys: ['Tab'] } },
      ],
      { agentMode: 'act', prompt: 'Open the second offer in a new tab and compare both tabs.' },
    );
    const [opened, toSecond, readSecond, pressSecond, listed, toFirst, readFirst, pressFirst] =
      outcome.results;
    expect(opened).toMatchObject({ ok: true, result: { tabs_in_task: 2 } });
    expect(toSecond).toMatchObject({ ok: true });
    expect(textOf(readSecond)).toContain('Second offer: 9 euros');
    expect(textOf(readSecond)).not.toContain('First offer');
    // Input follows the run: a session on the second tab, then one on the first.
    expect(pressSecond).toMatchObject({ ok: true });
    expect(pressFirst).toMatchObject({ ok: true });
    expect(listed).toMatchObject({
      ok: true,
      result: {
        current: 't2',
        open_tabs: 2,
        untrusted_page_content: {
          content: [
            { tab: 't1', title: 'Offers', address: `${HOST}/`, current: false, in_group: true },
            { tab: 't2', title: 'Details', address: `${HOST}/two`, current: true, in_group: true },
          ],
        },
      },
    });
    expect(toFirst).toMatchObject({ ok: true });
    expect(textOf(readFirst)).toContain('First offer: 12 euros');
    expect(textOf(readFirst)).not.toContain('Second offer');
    // The person sees the tab the agent works on.
    expect(shown).toEqual([`https://${HOST}/two`, `https://${HOST}/`]);
    // Offered on demand: not in the first request, in the one after new_tab.
    const offered = runRequests(rig.models, start).map((seen) =>
      ((seen.body as { tools?: { function?: { name?: string } }[] }).tools ?? []).map(
        (tool) => tool.function?.name,
      ),
    );
    expect(offered[0]).toContain('new_tab');
    expect(offered[0]).not.toContain('list_tabs');
    expect(offered[0]).not.toContain('switch_tab');
    expect(offered[1]).toEqual(expect.arrayContaining(['list_tabs', 'switch_tab']));
    expect(outcome.end.payload['status']).toBe('done');
    // The acting mark was in the second tab while the run acted there, and leaves every
    // tab the run worked in when it ends.
    expect(secondMarked).toBe(true);
    await expect
      .poll(async () => [await marked('/'), await marked('/two')])
      .toEqual([false, false]);
  });
});
