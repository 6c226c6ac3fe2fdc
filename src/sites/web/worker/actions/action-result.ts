// ## Owns
// What an action's result tells the model: what it did, and what changed on the page
// since just before (the address, the focused element, the element's own state,
// dialogs that opened or closed). Everything read from the page is labelled as page
// data; our own words stay outside the label.
// ## Why an action that loads a new document moves the run along
// A link or a submit button is pressed to get to the next page. The run follows its
// tab there through the same path `navigate` takes (the run's page guard still
// checks the site), so the next call reads the new page instead of pausing the run;
// a page the person has not allowed is not followed, and the result says so.
import { delay } from '../../../../shared/lib/abort';
import type {
  JsonValue,
  LoopFacts,
  ToolOutcome,
  ToolRunContext,
} from '../../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import type { ElementState, PageState } from '../../methods/act-methods';
import { InputError, type InputFailure } from '../input/debugger-sessions';
import { mayControlTab } from '../input/may-control-tab';
import { fail, type ActionDeps, type Failure } from './action-target';
import type { NavigationWatch } from './navigation-watch';

/** A new document the action loaded in the tab. */
interface Arrival {
  readonly url: string;
  /** Why the run does not follow the tab there; null when it does. */
  readonly refused: InputFailure | null;
}

/** The page after an action: its state, or only its address when it navigated away. */
export interface After {
  readonly url: string | undefined;
  readonly state: PageState | null;
  /** Set when the action loaded a new document in the tab. */
  readonly arrival: Arrival | null;
}

/** Waits for the new document and follows it when the person allowed its site. */
async function arrive(
  deps: ActionDeps,
  context: ToolRunContext,
  watch: NavigationWatch,
): Promise<After | Failure> {
  const url = await watch.arrived(context.signal);
  if (context.signal.aborted)
    return fail({ code: 'CANCELLED', message: 'The request was stopped.' });
  if (url === null) {
    return fail({
      code: 'NAVIGATION_FAILED',
      message:
        'The action started loading another page, which did not finish loading in time (or the tab was closed). Look at the page before acting again.',
    });
  }
  const refused = await mayControlTab(context.page.tabId, url, deps.accessFacts);
  if (!refused) {
    context.page.followNavigation?.();
    await newPageAnswers(context);
  }
  return { url, state: null, arrival: { url, refused } };
}

/** How long a document that is unloading gets for the tab to start loading the next. */
const LOAD_START_MS = 3_000;
/** How long a loaded page's content script gets to start answering. */
const PAGE_READY_MS = 5_000;
const PAGE_READY_POLL_MS = 100;

/**
 * Waits (bounded) until the new document answers the run: its content script starts
 * around the load event, and the next call should find it there rather than fail.
 * The request goes through the run's guard, which pins the run to that document.
 */
async function newPageAnswers(context: ToolRunContext): Promise<void> {
  const deadline = Date.now() + PAGE_READY_MS;
  for (;;) {
    const state = await context.page.request('web/act-state', { ref: null });
    if (state.ok || state.error.code !== 'PAGE_UNAVAILABLE' || Date.now() >= deadline) return;
    try {
      await delay(PAGE_READY_POLL_MS, context.signal);
    } catch {
      return;
    }
  }
}

/** Reads the page back once it had a moment to react; a new document is waited for. */
export async function pageAfter(
  deps: ActionDeps,
  context: ToolRunContext,
  ref: number | null,
  before: PageState,
  watch: NavigationWatch,
): Promise<After | Failure> {
  await deps.settle(context.signal);
  if (watch.started()) return arrive(deps, context, watch);
  const url = await deps.tabUrl(context.page.tabId);
  // A new address means a new document: asking the old one would pause the run.
  if (url !== undefined && stripHash(url) !== stripHash(before.url))
    return arrive(deps, context, watch);
  const state = await context.page.request('web/act-state', { ref }, undefined, {
    reportDocumentChange: true,
  });
  // The tab already shows a new document, before its loading status reached us (a
  // busy machine): the press loaded it.
  if (!state.ok && state.error.code === 'PAGE_DOCUMENT_CHANGED')
    return arrive(deps, context, watch);
  // The document is unloading (it says so, or no longer answers) for a new one the
  // tab's status does not show yet.
  const unloading = !state.ok || state.data.leaving;
  if (unloading && (await watch.starts(LOAD_START_MS, context.signal)))
    return arrive(deps, context, watch);
  return { url, state: state.ok ? state.data : null, arrival: null };
}

/**
 * Sends an action's input with a navigation watch around it, then reads the page
 * back. `press` returns a failure when it stopped before pressing.
 */
export async function pressAndObserve(
  deps: ActionDeps,
  context: ToolRunContext,
  ref: number | null,
  before: PageState,
  press: () => Promise<Failure | void>,
): Promise<After | Failure> {
  const watch = deps.watchNavigation(context.page.tabId);
  try {
    try {
      const stopped = await press();
      if (stopped) return stopped;
    } catch (error) {
      if (error instanceof InputError) return fail(error.failure);
      throw error;
    }
    return await pageAfter(deps, context, ref, before, watch);
  } finally {
    watch.stop();
  }
}

const stripHash = (url: string) => url.replace(/#.*$/, '');

const STATE_KEYS = ['value', 'checked', 'expanded', 'selected', 'disabled'] as const;

function elementChanges(before: ElementState | null, after: ElementState | null): JsonValue[] {
  if (!before || !after) return [];
  if (before.found && !after.found) return ['the element is no longer on the page'];
  const changes: JsonValue[] = [];
  for (const key of STATE_KEYS) {
    if (before[key] !== after[key]) changes.push({ [key]: { from: before[key], to: after[key] } });
  }
  return changes;
}

/** The changes between two states, as page data (descriptions and values come from the page). */
export function changesOf(before: PageState, after: After): Record<string, JsonValue> {
  const changes: Record<string, JsonValue> = {};
  if (after.url !== undefined && after.url !== before.url) changes['url'] = after.url;
  if (after.arrival) changes['new_page'] = true;
  if (!after.state) return changes;
  const state = after.state;
  if (state.focused !== before.focused) changes['focused'] = state.focused;
  const opened = state.dialogs.filter((dialog) => !before.dialogs.includes(dialog));
  const closed = before.dialogs.filter((dialog) => !state.dialogs.includes(dialog));
  if (opened.length > 0) changes['dialogs_opened'] = opened;
  if (closed.length > 0) changes['dialogs_closed'] = closed;
  const element = elementChanges(before.element, state.element);
  if (element.length > 0) changes['element'] = element;
  return changes;
}

/** What the model is told about the page the action took the tab to. */
function arrivalOutcome(
  done: string,
  target: string,
  changes: Record<string, JsonValue>,
  summary: string,
  arrival: Arrival,
  context: ToolRunContext,
): ToolOutcome {
  const page = untrustedPageData('the page after the action', { target, changes });
  const went = `${done} The tab then navigated to ${arrival.url}.`;
  if (arrival.refused) {
    return {
      ok: false,
      code: arrival.refused.code,
      message: `${went} The person has not allowed Side Agent on that site, so it does not read or act there. Tell the person; they can allow the site, or go back.`,
      details: { navigated_to: arrival.url, ...page },
      summary: arrival.refused.message,
    };
  }
  let otherSite = false;
  try {
    otherSite = new URL(arrival.url).origin !== context.identity.scope.projectId;
  } catch {
    otherSite = true;
  }
  return {
    ok: true,
    result: {
      done: went,
      note: otherSite
        ? 'This page is on another site than the one this chat works on: reading or acting on it waits until the tab is back on this chat\u2019s site (the person decides).'
        : 'This is a new page: earlier refs are gone. Look at the page again before acting.',
      ...page,
    },
    summary: `${summary}; navigated to ${arrival.url.slice(0, 200)}`,
  };
}

/**
 * What loop detection learns of one action: where the tab was and went, and the
 * element only when nothing visible changed (pressing "Load more" ten times while the
 * list grows is progress, not a loop).
 */
function loopFactsOf(target: string, before: PageState, after: After, changed: boolean): LoopFacts {
  const urlAfter = after.arrival?.url ?? after.url;
  return {
    ...(changed ? {} : { target: `element:${target}` }),
    ...(before.url ? { urlBefore: before.url } : {}),
    ...(urlAfter ? { urlAfter } : {}),
  };
}

/** A finished action's outcome: what was done in our words, what changed as page data. */
export function actionOutcome(
  done: string,
  target: string,
  after: After,
  before: PageState,
  summary: string,
  context: ToolRunContext,
): ToolOutcome {
  const changes = changesOf(before, after);
  const loop = loopFactsOf(
    target,
    before,
    after,
    after.arrival !== null || Object.keys(changes).length > 0,
  );
  if (after.arrival) {
    const outcome = arrivalOutcome(done, target, changes, summary, after.arrival, context);
    return outcome.ok ? { ...outcome, loop, pageChange: 'navigated' } : { ...outcome, loop };
  }
  const nothing = Object.keys(changes).length === 0;
  return {
    ok: true,
    loop,
    ...(nothing ? {} : { pageChange: changes['url'] !== undefined ? 'navigated' : 'changed' }),
    result: {
      done,
      ...(nothing
        ? {
            note: 'Nothing visible changed right after the action. The page may react later, or it ignored the input; look at the page before acting again.',
          }
        : {}),
      ...untrustedPageData('the page after the action', { target, changes }),
    },
    summary,
  };
}
