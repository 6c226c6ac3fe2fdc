// ## Owns
// The steps every trusted action takes before it touches the page: read the ref, make
// sure the run's tab is on a site the person allowed and still in the run's tab set,
// take the run's input session, and find where to press (scrolled into view,
// uncovered, holding still).
// ## Never
// Presses on a covered element or on another tab than the run's: input goes to the
// run's tab session only, at the point the page itself found uncovered.
import type { ToolOutcome, ToolRunContext } from '../../../../worker/tools/define-tool';
import type { ControlKind, PageState } from '../../methods/act-methods';
import type { InputFailure, InputSessions, RunInputSession } from '../input/debugger-sessions';
import { mayControlTab, type AccessFactsReader } from '../input/may-control-tab';
import { parseRef } from '../tree/tree-refs';
import type { WatchNavigation } from './navigation-watch';
import type { RunTabs } from '../tabs/run-tabs';

/** What the action tools need from the browser, so tests can see every step. */
export interface ActionDeps {
  readonly sessions: InputSessions;
  /** Site access's facts, for the same verdict the bridge gets. */
  readonly accessFacts: AccessFactsReader;
  /** The tab's address, or undefined when the tab is gone. */
  readonly tabUrl: (tabId: number) => Promise<string | undefined>;
  /** Waits for the page to react to input before its state is read back. */
  readonly settle: (signal: AbortSignal) => Promise<void>;
  /** Watches the tab for a new document, started before an action's input. */
  readonly watchNavigation: WatchNavigation;
  /** The run's tab set (tabs/run-tabs.ts); absent: the run's one tab, unmarked. */
  readonly tabs?: Pick<RunTabs, 'mayActInTab'>;
}

/** Checks of a target that is still moving (an animation, a layout shift). */
const MAX_STILL_CHECKS = 6;
/**
 * How long the tab's mark stays after the run's last action: longer than a slow
 * model's turn, short enough that a worker that died does not leave it for long.
 */
const INDICATOR_LEASE_MS = 3 * 60_000;
/** How far the point may drift between two checks and still count as holding still. */
const STILL_PX = 1;

export type Failure = Extract<ToolOutcome, { ok: false }>;

export const fail = (
  failure: InputFailure | { code: Failure['code']; message: string },
): Failure => ({
  ok: false,
  code: failure.code,
  message: failure.message,
});

/** The refusal for a ref whose element left the page since it was read. */
export const refGone = (refText: string): Failure =>
  fail({
    code: 'PAGE_REF_NOT_FOUND',
    message: `${refText} no longer names an element on the page (it was removed or redrawn). Look at the page again for fresh refs.`,
  });

/** An element found and ready to be pressed. */
export interface ActionTarget {
  readonly ref: string;
  readonly number: number;
  readonly session: RunInputSession;
  readonly target: string;
  readonly kind: ControlKind;
  readonly x: number;
  readonly y: number;
  readonly before: PageState;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * The mark on the tab the run acts in, shown (or renewed) before each action. A page
 * that cannot show it does not stop the action: the browser's own debugging bar
 * still says the tab is being controlled.
 */
async function showActingIndicator(context: ToolRunContext): Promise<void> {
  await context.page
    .request('web/indicator', { show: true, leaseMs: INDICATOR_LEASE_MS }, undefined, {
      reportDocumentChange: true,
    })
    .catch(() => undefined);
}

/** The tab session, on an allowed site; a failure otherwise. */
export async function inputSession(
  deps: ActionDeps,
  context: ToolRunContext,
): Promise<RunInputSession | Failure> {
  const { tabId } = context.page;
  const url = await deps.tabUrl(tabId);
  if (url === undefined) {
    return fail({
      code: 'INPUT_TAB_CLOSED',
      message: 'The tab this request was acting on was closed, so the action did not happen.',
    });
  }
  const refused =
    (await mayControlTab(tabId, url, deps.accessFacts)) ??
    (await deps.tabs?.mayActInTab(context.runId, tabId));
  if (refused) return fail(refused);
  const held = await deps.sessions.session(context.runId, tabId, context.signal);
  if (!held.ok) return fail(held.failure);
  await showActingIndicator(context);
  return held.session;
}

/** The top-frame element number a ref names; a failure for text that is not one. */
export function parseActionRef(refText: string): { readonly number: number } | Failure {
  const parsed = parseRef(refText);
  if (!parsed) {
    return fail({
      code: 'PAGE_REF_INVALID',
      message: `"${refText.slice(0, 40)}" is not an element ref. Use a ref such as e12 from the page's accessibility tree.`,
    });
  }
  if (parsed.frame !== null) {
    return fail({
      code: 'SITE_FEATURE_UNAVAILABLE',
      message: `${refText} is inside a frame; clicking and typing inside frames is not available yet.`,
    });
  }
  return { number: parsed.number };
}

/** Finds the element a ref names, ready to press; a plain failure when it cannot be. */
export async function findTarget(
  deps: ActionDeps,
  context: ToolRunContext,
  refText: string,
): Promise<ActionTarget | Failure> {
  const parsed = parseActionRef(refText);
  if ('ok' in parsed) return parsed;
  const session = await inputSession(deps, context);
  if ('ok' in session) return session;
  const before = await context.page.request('web/act-state', { ref: parsed.number });
  if (!before.ok) return fail(before.error);
  let previous: { x: number; y: number } | null = null;
  for (let check = 0; check < MAX_STILL_CHECKS; check += 1) {
    const located = await context.page.request('web/act-locate', {
      ref: parsed.number,
      scroll: check === 0,
    });
    if (!located.ok) return fail(located.error);
    const found = located.data;
    if (found.status === 'gone') {
      return refGone(refText);
    }
    if (found.status === 'not-visible') {
      return fail({
        code: 'INPUT_TARGET_NOT_VISIBLE',
        message: `${refText} (${found.target}) has no visible part on the page, so there is nothing to press.`,
      });
    }
    if (found.coveredBy !== null) {
      return fail({
        code: 'INPUT_TARGET_COVERED',
        message: `${refText} (${found.target}) is covered by ${found.coveredBy}; a click would land on that instead. Deal with what covers it first (close it, or act on it).`,
      });
    }
    if (found.disabled) {
      return fail({
        code: 'INPUT_NOT_ACCEPTED',
        message: `${refText} (${found.target}) is disabled, so pressing it would do nothing.`,
      });
    }
    const still =
      previous !== null &&
      Math.abs(previous.x - found.x) <= STILL_PX &&
      Math.abs(previous.y - found.y) <= STILL_PX;
    if (still) {
      return {
        ref: refText,
        number: parsed.number,
        session,
        target: found.target,
        kind: found.kind,
        x: found.x,
        y: found.y,
        before: before.data,
      };
    }
    previous = { x: found.x, y: found.y };
    await wait(check === 0 ? 0 : 50 * check, context.signal);
    if (context.signal.aborted)
      return fail({ code: 'CANCELLED', message: 'The request was stopped.' });
  }
  return fail({
    code: 'INPUT_TARGET_MOVING',
    message: `${refText} kept moving on the page, so Side Agent did not press it (it could have hit something else). Try again once the page is still.`,
  });
}
