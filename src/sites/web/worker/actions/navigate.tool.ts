// navigate, go_back, go_forward: move the run's tab. An address outside the run's
// site, the person's words and the page's links asks first (the safety policy); a
// page with edits in its fields is not left unless `force`; the run follows the tab
// to the new page when it stays on the run's site.
import { z } from '../../../../shared/schema/zod';
import { MAX_URL_CHARS } from '../../../../shared/protocol/limits';
import {
  defineTool,
  type ToolOutcome,
  type ToolRunContext,
} from '../../../../worker/tools/define-tool';
import { reviewAction } from '../safety/review-action';
import type { Destination, NavigationDeps } from './navigation-deps';

const ForceArgument = z
  .boolean()
  .default(false)
  .describe('Leave even though fields of the page hold edits that would be lost.');

const isWebAddress = (url: string) => {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
};

/** Leaves the page for `destination` once nothing unsaved is in the way. */
async function leave(
  deps: NavigationDeps,
  context: ToolRunContext,
  destination: Destination,
  force: boolean,
): Promise<ToolOutcome> {
  const before = await deps.tabUrl(context.page.tabId);
  const taken = await deps.tabs?.mayActInTab(context.runId, context.page.tabId);
  if (taken) return { ok: false, code: taken.code, message: taken.message };
  if (!force) {
    const unsaved = await context.page.request('web/act-unsaved', {});
    if (!unsaved.ok) return { ok: false, code: unsaved.error.code, message: unsaved.error.message };
    if (unsaved.data.fields.length > 0) {
      return {
        ok: false,
        code: 'PAGE_UNSAVED_CHANGES',
        message: `The page has edits that leaving would drop (${unsaved.data.fields.join('; ')}). Submit or save them first, or call again with force: true if losing them is what the person wants.`,
        summary: 'Not left: the page has unsaved edits',
      };
    }
  }
  const moved = await deps.go(context.page.tabId, destination, context.signal);
  if (!moved.ok) return { ok: false, code: 'NAVIGATION_FAILED', message: moved.message };
  // The run goes on with the page the tab shows now (the guard still checks the site).
  context.page.followNavigation?.();
  const label =
    destination === 'back' ? 'Went back' : destination === 'forward' ? 'Went forward' : 'Went';
  return {
    ok: true,
    pageChange: 'navigated',
    result: {
      done: `${label} to ${moved.url}.`,
      url: moved.url,
      from: before ?? null,
      note: 'This is a new page: earlier refs are gone. Look at the page again before acting.',
    },
    summary: `${label} to ${moved.url.slice(0, 200)}`,
  };
}

export function navigateTool(deps: NavigationDeps) {
  return defineTool({
    name: 'navigate',
    description:
      'Opens an absolute http(s) URL in the tab. Other sites that the person did not name and the page does not link to wait for their approval. Refuses to leave unsaved edits unless force is true.',
    arguments: z.strictObject({
      url: z
        .string()
        .min(1)
        .max(MAX_URL_CHARS)
        .describe('The absolute address, e.g. https://example.com/page.'),
      force: ForceArgument,
    }),
    effect: 'page-action',
    activity: ({ url }) => `Went to ${url.slice(0, 120)}`,
    approval: 'automatic',
    modes: ['act', 'dev'],
    async review({ url }, context) {
      if (!isWebAddress(url)) return { ask: false };
      return reviewAction(context, { ref: null, enter: false, url }, () => ({
        kind: 'navigate',
        url,
      }));
    },
    async execute({ url, force }, context) {
      if (!isWebAddress(url)) {
        return {
          ok: false,
          code: 'ARGUMENTS_INVALID',
          message: `"${url.slice(0, 80)}" is not an absolute http or https address. Give the full URL, e.g. https://example.com/page.`,
        };
      }
      return leave(deps, context, { url }, force);
    },
  });
}

function historyTool(deps: NavigationDeps, direction: 'back' | 'forward') {
  return defineTool({
    name: direction === 'back' ? 'go_back' : 'go_forward',
    description: `Goes ${direction} one page in the tab's history. Refuses to leave unsaved edits unless force is true.`,
    arguments: z.strictObject({ force: ForceArgument }),
    effect: 'page-action',
    activity: () => (direction === 'back' ? 'Went back a page' : 'Went forward a page'),
    approval: 'automatic',
    modes: ['act', 'dev'],
    // History stays among pages the tab already showed in this run's site; the run's
    // guard pauses if it leaves the site, so nothing new is reached without the person.
    review: async () => ({ ask: false }),
    execute: ({ force }, context) => leave(deps, context, direction, force),
  });
}

export const goBackTool = (deps: NavigationDeps) => historyTool(deps, 'back');
export const goForwardTool = (deps: NavigationDeps) => historyTool(deps, 'forward');
