import { describe, expect, it } from 'vitest';
import type { AccessFacts } from '../../../../worker/site-access/bridge-access';
import type { ToolDefinition, ToolRunContext } from '../../../../worker/tools/define-tool';
import { modesOf } from '../../../../worker/tools/run-tool-policy';
import { checkSchemaSubset } from '../../../../worker/tools/schema-subset';
import { inputSession, type ActionDeps } from '../actions/action-target';
import type { InputSessions } from '../input/debugger-sessions';
import { allowing, NEWS, SHOP, tabStrip } from './__fixtures__/tab-strip';
import { switchTabTool } from './switch-tab.tool';

/** A run on tab 1 of a strip, with a second tab it opened, and the tool. */
async function setup(access: AccessFacts = allowing(SHOP, NEWS)) {
  const strip = tabStrip();
  const tool = switchTabTool({
    tabs: strip.runTabs,
    accessFacts: async () => access,
    tabUrl: strip.browser.tabUrl,
    activate: strip.browser.activate,
  });
  const opened = await strip.runTabs.openTab('run-1', 1, 'https://news.example/story', false);
  if (!opened.ok) throw new Error(opened.failure.message);
  const run = strip.run();
  const switchTo = (tab: string, context: ToolRunContext = run.context()) => {
    const parsed = tool.parseArguments({ tab });
    if (!parsed.ok) throw new Error(parsed.message);
    return tool.execute(parsed.args, context);
  };
  return { strip, tool, run, switchTo, second: opened.tabId };
}

/** Action deps whose sessions record which tab each action attached to. */
function actionDeps(strip: ReturnType<typeof tabStrip>) {
  const attached: number[] = [];
  const sessions = {
    session: async (_runId: string, tabId: number) => {
      attached.push(tabId);
      return { ok: true, session: { tabId } };
    },
    release: async () => undefined,
  } as unknown as InputSessions;
  const deps: ActionDeps = {
    sessions,
    accessFacts: async () => allowing(SHOP, NEWS),
    tabUrl: strip.browser.tabUrl,
    settle: async () => undefined,
    watchNavigation: () => {
      throw new Error('not used');
    },
    tabs: strip.runTabs,
  };
  return { deps, attached };
}

describe('switch_tab', () => {
  it('is offered in Act and Dev on tab words once the run has two tabs, with a valid schema', async () => {
    const { tool } = await setup();
    expect(modesOf(tool as ToolDefinition<unknown>)).toEqual(['act', 'dev']);
    expect(tool.offerWhen?.(['switch back to the first tab'])).toBe(true);
    expect(tool.offerWhileRun?.('run-1')).toBe(true);
    expect(tool.offerWhileRun?.('run-2')).toBe(false);
    expect(checkSchemaSubset(tool.inputSchema).ok).toBe(true);
    expect(tool.parseArguments({ tab: 't2', extra: true })).toMatchObject({ ok: false });
    expect(tool.parseArguments({ tab: 2 })).toMatchObject({ ok: false });
    expect(JSON.stringify(tool.inputSchema).length + tool.description.length).toBeLessThan(400);
  });

  it('makes the next tool work on the new tab, shows it, and attaches input there', async () => {
    const { strip, run, switchTo, second } = await setup();
    const { deps, attached } = actionDeps(strip);
    expect('ok' in (await inputSession(deps, run.context()))).toBe(false);
    const outcome = await switchTo('t2');
    expect(outcome).toMatchObject({ ok: true, pageChange: 'navigated' });
    expect(JSON.stringify(outcome)).toContain('news.example/story');
    expect(strip.activated).toEqual([second]);
    const next = run.context();
    expect(next.page.tabId).toBe(second);
    await next.page.request('page/echo' as never, { text: 'x' } as never);
    expect(run.sent.at(-1)).toEqual({ tabId: second, method: 'page/echo' });
    expect('ok' in (await inputSession(deps, run.context()))).toBe(false);
    expect(attached).toEqual([1, second]);
    // And back to the first tab, as a person reading both would.
    expect(await switchTo('t1')).toMatchObject({ ok: true });
    expect(run.context().page.tabId).toBe(1);
    expect(run.guard.earlierTabIds()).toEqual([second]);
  });

  it('refuses a handle outside the run tab set, naming the handles it has', async () => {
    const { switchTo, run } = await setup();
    const outcome = await switchTo('t3');
    expect(outcome).toMatchObject({ ok: false, code: 'TAB_NOT_IN_TASK' });
    expect(!outcome.ok && outcome.message).toContain('t1, t2');
    expect(await switchTo('9')).toMatchObject({ ok: false, code: 'TAB_NOT_IN_TASK' });
    expect(run.context().page.tabId).toBe(1);
  });

  it('refuses a tab the person took out of the group, and keeps the current tab', async () => {
    const { strip, switchTo, run, second } = await setup();
    strip.dragOut(second);
    const outcome = await switchTo('t2');
    expect(outcome).toMatchObject({ ok: false, code: 'TAB_TAKEN_BACK' });
    expect(strip.activated).toEqual([]);
    expect(run.context().page.tabId).toBe(1);
  });

  it('refuses a tab closed between list and switch, in plain words', async () => {
    const { strip, switchTo, run, second } = await setup();
    strip.close(second);
    const outcome = await switchTo('t2');
    expect(outcome).toMatchObject({ ok: false, code: 'TAB_CLOSED' });
    expect(!outcome.ok && outcome.message).toMatch(/was closed.*list_tabs/);
    expect(run.context().page.tabId).toBe(1);
  });

  it('refuses a tab on a site the person has not allowed', async () => {
    const { switchTo, run, strip } = await setup(allowing(SHOP));
    const outcome = await switchTo('t2');
    expect(outcome).toMatchObject({ ok: false, code: 'INPUT_NOT_ALLOWED' });
    expect(!outcome.ok && outcome.message).toContain('news.example');
    expect(strip.activated).toEqual([]);
    expect(run.context().page.tabId).toBe(1);
  });

  it('keeps the run reading its current tab when the person deletes the group', async () => {
    const { strip, switchTo, run } = await setup();
    strip.ungroupAll();
    expect(await switchTo('t2')).toMatchObject({ ok: false, code: 'TAB_TAKEN_BACK' });
    const page = run.context().page;
    expect(page.tabId).toBe(1);
    expect(await page.request('page/echo' as never, { text: 'x' } as never)).toEqual({
      ok: true,
      data: { text: 'Cart' },
    });
    // Acting there is refused with the same plain words, not a crash.
    const { deps } = actionDeps(strip);
    expect(await inputSession(deps, run.context())).toMatchObject({ code: 'TAB_TAKEN_BACK' });
  });

  it('stays on the current tab without a switch when asked for it', async () => {
    const { switchTo, strip } = await setup();
    expect(await switchTo('t1')).toMatchObject({ ok: true });
    expect(strip.activated).toEqual([]);
  });

  it('still switches when the browser will not bring the tab to the front', async () => {
    const strip = tabStrip();
    const tool = switchTabTool({
      tabs: strip.runTabs,
      accessFacts: async () => allowing(SHOP, NEWS),
      tabUrl: strip.browser.tabUrl,
      activate: async () => {
        throw new Error('Tabs cannot be edited right now');
      },
    });
    const opened = await strip.runTabs.openTab('run-1', 1, 'https://news.example/', false);
    if (!opened.ok) throw new Error('open');
    const run = strip.run();
    const outcome = await tool.execute({ tab: 't2' }, run.context());
    expect(outcome).toMatchObject({ ok: true, result: { note: expect.stringMatching(/front/) } });
    expect(run.context().page.tabId).toBe(opened.tabId);
  });
});
