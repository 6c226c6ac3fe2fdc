// The tab-set rule as the action tools ask it: every trusted action and every
// navigation is refused, before any input or move, in a tab the person took back.
import { describe, expect, it } from 'vitest';
import { NO_ALLOWED_SITES } from '../../../../worker/storage/allowed-sites';
import type { ToolDefinition } from '../../../../worker/tools/define-tool';
import { actContext } from '../actions/__fixtures__/act-context';
import { inputSession, type ActionDeps } from '../actions/action-target';
import { navigateTool } from '../actions/navigate.tool';
import type { Destination } from '../actions/navigation-deps';
import type { InputSessions } from '../input/debugger-sessions';
import { createRunTabs, type TabGroupControl } from './run-tabs';

const SHOP = 'https://shop.example/*';

/** One tab (the context's, 1) that the person can drag out of its group. */
function strip() {
  let group: number | null = null;
  const control: TabGroupControl = {
    hasGroups: true,
    groupOf: async () => group,
    group: async () => (group = 3),
    ungroup: async () => void (group = null),
    moveTo: async () => undefined,
    mark: async () => undefined,
    open: async () => 8,
  };
  return { tabs: createRunTabs(control), dragOut: () => (group = null) };
}

function deps(tabs: ActionDeps['tabs']) {
  const attached: number[] = [];
  const sessions = {
    session: async (_runId: string, tabId: number) => {
      attached.push(tabId);
      return { ok: true, session: {} };
    },
  } as unknown as InputSessions;
  const actionDeps: ActionDeps = {
    sessions,
    accessFacts: async () => ({
      allowed: {
        ...NO_ALLOWED_SITES,
        always: [{ pattern: SHOP, since: 1, permission: 'requested' }],
      },
      browserOrigins: [SHOP],
      activeTabs: [],
      browser: 'chromium',
    }),
    tabUrl: async () => 'https://shop.example/cart',
    settle: async () => undefined,
    watchNavigation: () => {
      throw new Error('not used');
    },
    ...(tabs ? { tabs } : {}),
  };
  return { actionDeps, attached };
}

describe('the tab-set guard of actions', () => {
  it('lets the run act in its tab, then refuses once the person took the tab back', async () => {
    const { tabs, dragOut } = strip();
    const { actionDeps, attached } = deps(tabs);
    const { context } = actContext({});
    expect('ok' in (await inputSession(actionDeps, context as never))).toBe(false);
    expect(attached).toEqual([1]);
    dragOut();
    const refused = await inputSession(actionDeps, context as never);
    expect(refused).toMatchObject({ ok: false, code: 'TAB_TAKEN_BACK' });
    expect('message' in refused && refused.message).toMatch(/You took this tab back/);
    expect(attached).toEqual([1]);
  });

  it('refuses navigate in a taken-back tab without moving it', async () => {
    const { tabs, dragOut } = strip();
    const went: Destination[] = [];
    const tool = navigateTool({
      tabUrl: async () => 'https://shop.example/cart',
      go: async (_tab, destination) => {
        went.push(destination);
        return { ok: true, url: 'https://shop.example/b' };
      },
      tabs,
    }) as ToolDefinition<unknown>;
    const { context } = actContext({ 'web/act-unsaved': () => ({ fields: [] }) });
    const parsed = tool.parseArguments({ url: 'https://shop.example/b' });
    if (!parsed.ok) throw new Error(parsed.message);
    expect(await tool.execute(parsed.args, context as never)).toMatchObject({ ok: true });
    dragOut();
    expect(await tool.execute(parsed.args, context as never)).toMatchObject({
      ok: false,
      code: 'TAB_TAKEN_BACK',
    });
    expect(went).toHaveLength(1);
  });
});
