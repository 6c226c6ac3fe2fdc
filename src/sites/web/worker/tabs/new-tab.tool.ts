// `new_tab`: opens an address in a new tab of the run's tab set (its Side Agent tab
// group), in the background unless asked otherwise. The address passes the checks
// `navigate` makes (an absolute http(s) address; one the person did not name and the
// page does not link to asks first) and must be on a site the person always allows:
// an "Only now" grant belongs to the tab it was given in. A run opens at most
// MAX_RUN_TABS tabs. Offered only when the person's words are about tabs, so
// ordinary runs do not carry it.
import { z } from '../../../../shared/schema/zod';
import { MAX_URL_CHARS } from '../../../../shared/protocol/limits';
import { defineTool } from '../../../../worker/tools/define-tool';
import { mayControlTab, type AccessFactsReader } from '../input/may-control-tab';
import { reviewAction } from '../safety/review-action';
import { MAX_RUN_TABS, type RunTabs } from './run-tabs';

export interface NewTabDeps {
  readonly tabs: Pick<RunTabs, 'openTab'>;
  readonly accessFacts: AccessFactsReader;
}

/** No tab yet: only grants that are not tied to one tab count. */
const NO_TAB = -1;

const TAB_WORDS = /\b(tabs?|new window|side by side|in parallel)\b/i;

/** Whether the person's words are about tabs. */
export const asksForTabs = (personText: readonly string[]): boolean =>
  personText.some((text) => TAB_WORDS.test(text));

const isWebAddress = (url: string) => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
};

export function newTabTool(deps: NewTabDeps) {
  return defineTool({
    name: 'new_tab',
    description: `Opens an http(s) URL in a new tab of this task's tab group (max ${MAX_RUN_TABS} tabs). You keep acting in the current tab.`,
    arguments: z.strictObject({
      url: z.string().min(1).max(MAX_URL_CHARS).describe('Absolute address.'),
      active: z.boolean().default(false).describe('Show the tab (default: background).'),
    }),
    effect: 'page-action',
    activity: ({ url }) => `Opened a tab: ${url.slice(0, 120)}`,
    approval: 'automatic',
    modes: ['act', 'dev'],
    offerWhen: asksForTabs,
    async review({ url }, context) {
      if (!isWebAddress(url)) return { ask: false };
      return reviewAction(context, { ref: null, enter: false, url }, () => ({
        kind: 'navigate',
        url,
      }));
    },
    async execute({ url, active }, context) {
      if (!isWebAddress(url)) {
        return {
          ok: false,
          code: 'ARGUMENTS_INVALID',
          message: `"${url.slice(0, 80)}" is not an absolute http or https address. Give the full URL, e.g. https://example.com/page.`,
        };
      }
      const refused = await mayControlTab(NO_TAB, url, deps.accessFacts);
      if (refused) return { ok: false, code: refused.code, message: refused.message };
      const opened = await deps.tabs
        .openTab(context.runId, context.page.tabId, url, active)
        .catch((error: unknown) => ({
          ok: false as const,
          failure: {
            code: 'NAVIGATION_FAILED' as const,
            message: `The browser did not open the tab (${error instanceof Error ? error.message.slice(0, 120) : 'unknown reason'}).`,
          },
        }));
      if (!opened.ok) return { ok: false, ...opened.failure };
      return {
        ok: true,
        result: {
          done: `Opened ${url} in a new tab of this task's group.`,
          tab_id: opened.tabId,
          tabs_in_task: opened.count,
          note: 'Your actions still go to the current tab.',
        },
        summary: `Opened a tab: ${url.slice(0, 200)}`,
      };
    },
  });
}
