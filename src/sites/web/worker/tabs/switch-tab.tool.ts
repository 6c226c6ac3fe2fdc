// `switch_tab`: makes another tab of the run's set the tab every later tool works on,
// and shows it in its window so the person sees where the agent works. The same
// checks as an action come first (a tab of the set, on a site the person allowed,
// never one they took back), then the run's page guard moves the run there; the
// input session follows on the next action (one per tab, all detached at run end).
import { z } from '../../../../shared/schema/zod';
import { defineTool, type ToolOutcome } from '../../../../worker/tools/define-tool';
import { mayControlTab, type AccessFactsReader } from '../input/may-control-tab';
import { asksForTabs } from './new-tab.tool';
import type { RunTabs } from './run-tabs';
import { addressOf, handleAt, tabOfHandle } from './tab-listing';

export interface SwitchTabDeps {
  readonly tabs: Pick<RunTabs, 'tabsOf' | 'mayActInTab'>;
  readonly accessFacts: AccessFactsReader;
  /** The tab's address, or undefined when the tab is gone. */
  readonly tabUrl: (tabId: number) => Promise<string | undefined>;
  /** Makes the tab the visible one of its window. */
  readonly activate: (tabId: number) => Promise<void>;
}

type Failure = Extract<ToolOutcome, { ok: false }>;

const refuse = (code: Failure['code'], message: string): Failure => ({
  ok: false,
  code,
  message,
  summary: message,
});

export function switchTabTool(deps: SwitchTabDeps) {
  return defineTool({
    name: 'switch_tab',
    description:
      'Makes another tab of this task (a handle from list_tabs) the one your tools work on.',
    arguments: z.strictObject({
      tab: z.string().min(1).max(8).describe('Tab handle, e.g. t2.'),
    }),
    effect: 'page-action',
    activity: ({ tab }) => `Switched to tab ${tab.slice(0, 8)}`,
    approval: 'automatic',
    modes: ['act', 'dev'],
    offerWhen: asksForTabs,
    offerWhileRun: (runId) => deps.tabs.tabsOf(runId).length > 1,
    // Nothing on any page changes: the run only looks at another tab it already has.
    review: async () => ({ ask: false }),
    async execute({ tab }, context) {
      const current = context.page.tabId;
      const set = deps.tabs.tabsOf(context.runId);
      const tabIds = set.length > 0 ? set : [current];
      const tabId = tabOfHandle(tabIds, tab);
      if (tabId === undefined) {
        const handles = tabIds.map((_id, index) => handleAt(index)).join(', ');
        return refuse(
          'TAB_NOT_IN_TASK',
          `"${tab.slice(0, 8)}" is not one of this task's tabs (${handles}). Call list_tabs and use one of its handles.`,
        );
      }
      if (tabId === current)
        return {
          ok: true,
          result: { done: `${tab} is already the current tab.` },
          summary: `Already on tab ${tab}`,
        };
      const url = await deps.tabUrl(tabId);
      if (url === undefined) {
        return refuse(
          'TAB_CLOSED',
          `Tab ${tab} was closed, so your tools stay on the current tab. Call list_tabs to see the tabs still open.`,
        );
      }
      const refused =
        (await mayControlTab(tabId, url, deps.accessFacts)) ??
        (await deps.tabs.mayActInTab(context.runId, tabId));
      if (refused) return refuse(refused.code, refused.message);
      if (!context.page.switchTab)
        return refuse('SITE_FEATURE_UNAVAILABLE', 'This run cannot change its tab.');
      const switched = await context.page.switchTab(tabId);
      if (!switched.ok) return refuse(switched.error.code, switched.error.message);
      // The run works there now whether or not the window shows it; the person only
      // misses seeing it, so a refusal here is a note, not a failure.
      const shown = await deps.activate(tabId).then(
        () => true,
        () => false,
      );
      return {
        ok: true,
        pageChange: 'navigated',
        result: {
          done: `Your tools now work on tab ${tab} (${addressOf(switched.data.url)}).`,
          ...(shown ? {} : { note: 'The browser did not bring the tab to the front.' }),
          next: 'This is another page: look at it before acting (earlier refs are gone).',
        },
        summary: `Switched to tab ${tab}: ${addressOf(switched.data.url)}`,
      };
    },
  });
}
