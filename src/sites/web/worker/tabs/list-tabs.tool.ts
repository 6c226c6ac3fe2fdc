// `list_tabs`: the run's tabs by short handle (t1, t2, …) with their titles, addresses,
// which one the run works in now and whether each is still in the Side Agent group.
// Titles and addresses come from the pages, so they reach the model as labelled page
// content and are recorded with each tab's own origin for the safety policy. Offered
// once the run has more than one tab.
import { defineTool } from '../../../../worker/tools/define-tool';
import { z } from '../../../../shared/schema/zod';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import { recordObservation, webRunState } from '../safety/observations';
import { asksForTabs } from './new-tab.tool';
import type { RunTabs } from './run-tabs';
import { listTabRows, type TabFacts, type TabRow } from './tab-listing';

export interface ListTabsDeps {
  readonly tabs: Pick<RunTabs, 'tabsOf' | 'membersOf'>;
  /** The tab's title and address now; undefined when it was closed. */
  readonly tabFacts: (tabId: number) => Promise<TabFacts | undefined>;
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
};

export function listTabsTool(deps: ListTabsDeps) {
  return defineTool({
    name: 'list_tabs',
    description:
      "Lists this task's tabs (t1, t2, …): title, address, which is current, whether still in its group.",
    arguments: z.strictObject({}),
    effect: 'read',
    activity: () => "Listed the task's tabs",
    approval: 'automatic',
    modes: ['act', 'dev'],
    offerWhen: asksForTabs,
    offerWhileRun: (runId) => deps.tabs.tabsOf(runId).length > 1,
    async execute(_args, context) {
      const currentTabId = context.page.tabId;
      const members = await deps.tabs.membersOf(context.runId);
      // Before its first action the run has only the tab it started in.
      const known = members.length > 0 ? members : [{ tabId: currentTabId, inGroup: true }];
      const rows: TabRow[] = await Promise.all(
        known.map(async (member, index) => ({
          index,
          ...member,
          facts: await deps.tabFacts(member.tabId).catch(() => undefined),
        })),
      );
      const listing = listTabRows(rows, currentTabId);
      const state = webRunState(context);
      for (const row of rows) {
        if (row.facts) recordObservation(state, originOf(row.facts.url), [row.facts.title]);
      }
      const current = listing.tabs.find((tab) => tab.current)?.tab ?? null;
      const notListed = listing.open - listing.tabs.length;
      return {
        ok: true,
        result: {
          current,
          open_tabs: listing.open,
          ...(notListed > 0 ? { not_listed: notListed } : {}),
          ...(listing.closed > 0 ? { closed_tabs: listing.closed } : {}),
          ...untrustedPageData("titles and addresses of this task's tabs", listing.tabs),
          note: 'switch_tab {tab} makes another of these tabs the one your tools work on.',
        },
        summary: `Listed ${listing.open} open ${listing.open === 1 ? 'tab' : 'tabs'} of this task.`,
      };
    },
  });
}
