import { describe, expect, it } from 'vitest';
import type { AccessFacts } from '../../../../worker/site-access/bridge-access';
import { NO_ALLOWED_SITES } from '../../../../worker/storage/allowed-sites';
import type { ToolDefinition, ToolRunContext } from '../../../../worker/tools/define-tool';
import { modesOf } from '../../../../worker/tools/run-tool-policy';
import { checkSchemaSubset } from '../../../../worker/tools/schema-subset';
import { newTabTool, type NewTabDeps } from './new-tab.tool';
import { createRunTabs, type TabGroupControl } from './run-tabs';

const SHOP = 'https://shop.example/*';
const facts = (overrides: Partial<AccessFacts> = {}): AccessFacts => ({
  allowed: { always: [{ pattern: SHOP, since: 1, permission: 'requested' }] },
  browserOrigins: [SHOP],
  activeTabs: [],
  browser: 'chromium',
  ...overrides,
});

/** A tab strip where every tab groups into one group, and what was opened. */
function deps(accessFacts: AccessFacts = facts(), failOpen = false) {
  const opened: { url: string; active: boolean }[] = [];
  let next = 20;
  const control: TabGroupControl = {
    hasGroups: true,
    groupOf: async () => 1,
    group: async () => 1,
    ungroup: async () => undefined,
    moveTo: async () => undefined,
    mark: async () => undefined,
    async open(url, _near, active) {
      if (failOpen) throw new Error('Tabs cannot be edited right now');
      opened.push({ url, active });
      return (next += 1);
    },
  };
  const tabs = createRunTabs(control);
  const toolDeps: NewTabDeps = { tabs, accessFacts: async () => accessFacts };
  return { tool: newTabTool(toolDeps), opened, tabs };
}

const context = (runId = 'run-1') =>
  ({
    runId,
    page: { tabId: 7 },
    signal: new AbortController().signal,
  }) as unknown as ToolRunContext;

describe('new_tab', () => {
  it('is offered in Act and Dev, when the person speaks of tabs, with a valid schema', () => {
    const { tool } = deps();
    expect(modesOf(tool as ToolDefinition<unknown>)).toEqual(['act', 'dev']);
    expect(tool.offerWhen?.(['Open each result in a new tab'])).toBe(true);
    expect(tool.offerWhen?.(['Buy the blue shoes'])).toBe(false);
    expect(checkSchemaSubset(tool.inputSchema).ok).toBe(true);
    expect(JSON.stringify(tool.inputSchema).length + tool.description.length).toBeLessThan(600);
  });

  it('opens an allowed address in the background, in the run group', async () => {
    const { tool, opened, tabs } = deps();
    const args = tool.parseArguments({ url: 'https://shop.example/item' });
    if (!args.ok) throw new Error(args.message);
    const outcome = await tool.execute(args.args, context());
    expect(outcome).toMatchObject({ ok: true, result: { tab_id: 21, tabs_in_task: 2 } });
    expect(opened).toEqual([{ url: 'https://shop.example/item', active: false }]);
    expect(tabs.tabsOf('run-1')).toEqual([7, 21]);
  });

  it('refuses malformed arguments and addresses that are not web pages', async () => {
    const { tool, opened } = deps();
    expect(tool.parseArguments({ url: 'https://shop.example/', extra: 1 })).toMatchObject({
      ok: false,
      code: 'ARGUMENTS_INVALID',
    });
    expect(tool.parseArguments({})).toMatchObject({ ok: false, code: 'ARGUMENTS_INVALID' });
    const outcome = await tool.execute({ url: 'javascript:alert(1)', active: false }, context());
    expect(outcome).toMatchObject({ ok: false, code: 'ARGUMENTS_INVALID' });
    expect(opened).toEqual([]);
  });

  it('refuses a site the person has not allowed, and an Only-now grant of another tab', async () => {
    const onlyNow = facts({
      allowed: NO_ALLOWED_SITES,
      browserOrigins: [],
      activeTabs: [{ tabId: 7, pattern: SHOP, onceSince: 5 }],
    });
    for (const accessFacts of [facts(), onlyNow]) {
      const { tool, opened } = deps(accessFacts);
      const url = accessFacts === onlyNow ? 'https://shop.example/' : 'https://bank.example/';
      const outcome = await tool.execute({ url, active: true }, context());
      expect(outcome).toMatchObject({ ok: false, code: 'INPUT_NOT_ALLOWED' });
      expect(opened).toEqual([]);
    }
  });

  it('says plainly when the limit of tabs is reached, and when the browser fails', async () => {
    const { tool } = deps();
    for (let index = 0; index < 9; index += 1)
      expect(
        (await tool.execute({ url: `https://shop.example/${index}`, active: false }, context())).ok,
      ).toBe(true);
    const over = await tool.execute({ url: 'https://shop.example/x', active: false }, context());
    expect(over).toMatchObject({ ok: false, code: 'TAB_LIMIT_REACHED' });
    const broken = deps(facts(), true);
    const failed = await broken.tool.execute(
      { url: 'https://shop.example/', active: false },
      context(),
    );
    expect(failed).toMatchObject({ ok: false, code: 'NAVIGATION_FAILED' });
    expect(!failed.ok && failed.message).toMatch(/did not open the tab/);
  });
});
