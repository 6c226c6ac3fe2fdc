// ## Owns
// Keeping a run on its page. Before every page request of a run (reads, waits and the
// guarded commit alike) the run's tab must still show the run's chat scope, and every
// request is pinned to the document instance the run works on, so a navigation,
// reload or back/forward swap is refused by the page's relay instead of reaching a
// new document. A mismatch pauses the run with a visible reason and Retry / Stop.
// ## Why pause instead of failing the tool
// A tab that shows another project is usually the person looking elsewhere for a
// moment. Failing the call would let the model retry against the wrong page; pausing
// lets the person come back (Retry) or end the run (Stop), and nothing is written in
// between.
// ## Why the run's tab can change
// A site whose runs work in several tabs (the web face's tab set) moves the run to
// another tab through `switchTo`; from then on every check and request goes there, so
// no tool can keep a stale tab id. The scope follows the tab: the new tab's own page is
// the one the run is now pinned to, and leaving that page pauses the run as before.
import { raceAbort } from '../../shared/lib/abort';
import { sameScope } from '../../shared/protocol/chat-records';
import type { MethodName, RequestOf, ResponseOf } from '../../shared/protocol/define-channel';
import { ProtocolFailure, type Result } from '../../shared/protocol/envelope';
import type { ErrorCode } from '../../shared/protocol/error-codes';
import type { ChatScope } from '../../shared/protocol/chat-records';
import type { PendingInteraction, RunIdentity } from '../../shared/protocol/run-messages';
import type { PageChannel } from '../../sites/page-channel';
import type { PageRequests } from '../page-requests';
import type { PageFrame, PageRequestOptions } from '../tools/define-tool';
import type { RunTabs } from './run-prepare';

/** How long the first contact with the page may take while the run pins its document. */
const PIN_TIMEOUT_MS = 3_000;
/** Pauses one request may go through before the run gives up on the page. */
const MAX_PAUSES = 8;

type ScopeWait = Extract<PendingInteraction, { kind: 'scope-wait' }>;
type Problem = 'tab-gone' | ScopeWait['reason'];

const MESSAGES: Readonly<Record<ScopeWait['reason'], string>> = {
  'other-scope':
    'This tab now shows another page than the one this run works on. Go back to it and press Retry, or stop the run.',
  navigated:
    'The page of this run was reloaded or left since the run started. Press Retry to go on with the page as it is now, or stop the run.',
};

export interface RunPageGuardDeps {
  readonly tabs: RunTabs;
  readonly pages: PageRequests;
  readonly identity: RunIdentity;
  readonly signal: AbortSignal;
  /** Stop in the pause: ends the run as cancelled. */
  readonly stop: () => void;
  /** The run cannot go on (its tab closed, or it never came back): ends it with this error. */
  readonly end: (failure: ProtocolFailure) => void;
}

/** The tool call a request belongs to, and how it shows a pause to the person. */
export interface GuardedCall {
  readonly callId: string;
  readonly toolName: string;
  /** Shows the pause and resolves the person's answer ('timeout' after the wait limit). */
  pause(pending: ScopeWait): Promise<'retry' | 'stop' | 'timeout'>;
}

/** The run's page requests with the scope check and the document pin in front of each. */
export interface RunPageGuard {
  request<K extends MethodName<PageChannel>>(
    call: GuardedCall,
    method: K,
    payload: RequestOf<PageChannel, K>,
    frame?: PageFrame,
    options?: PageRequestOptions,
  ): Promise<Result<ResponseOf<PageChannel, K>>>;
  /** The document instance the run is pinned to, once known. */
  readonly documentId: () => string | null;
  /**
   * The run's own tool navigated its tab: the next request pins the document the tab
   * shows then. The scope check still applies, so this never follows the tab away
   * from the run's site.
   */
  readonly followNavigation: () => void;
  /** The tab the run works in now (its start tab until a switch). */
  readonly tabId: () => number;
  /** The tabs the run worked in before its current one, oldest first. */
  readonly earlierTabIds: () => readonly number[];
  /**
   * Moves the run to `tabId` for every later request: the tab must still exist and show
   * a page of the run's site. The caller has already asked the site's own rules.
   */
  switchTo(tabId: number): Promise<Result<{ readonly url: string }>>;
}

const failed = (code: ErrorCode, message: string) => ({
  ok: false as const,
  error: { code, message },
});

export function createRunPageGuard(deps: RunPageGuardDeps): RunPageGuard {
  const { identity, signal } = deps;
  let documentId: string | null = null;
  let target: { tabId: number; scope: ChatScope } = {
    tabId: identity.tabId,
    scope: identity.scope,
  };
  const earlier = new Set<number>();
  const fatal = (message: string): never => {
    const failure = new ProtocolFailure('RUN_SCOPE_CHANGED', message);
    deps.end(failure);
    throw failure;
  };

  async function problemNow(): Promise<Problem | null> {
    const tab = await raceAbort(deps.tabs.siteOf(target.tabId), signal);
    if (!tab) return 'tab-gone';
    return sameScope(tab.scope, target.scope) ? null : 'other-scope';
  }

  async function pin(): Promise<void> {
    if (documentId !== null) return;
    const timeout = AbortSignal.timeout(PIN_TIMEOUT_MS);
    const ping = await deps.pages.request(
      target.tabId,
      'page/ping',
      {},
      {
        signal: AbortSignal.any([signal, timeout]),
      },
    );
    // A page that cannot answer yet is pinned at the next request; the request itself
    // then fails with the page's own code.
    if (ping.ok) documentId = ping.data.documentId;
  }

  /** Waits until the problem is gone (Retry) or throws (Stop, timeout, tab closed). */
  async function settle(first: Problem, call: GuardedCall): Promise<void> {
    let problem: Problem | null = first;
    for (let pauses = 0; problem !== null; pauses += 1) {
      if (problem === 'tab-gone') fatal('The tab of this run was closed, so the run ended.');
      if (pauses >= MAX_PAUSES) fatal('The run could not get back to its page.');
      const reason = problem as ScopeWait['reason'];
      const decision = await call.pause({
        kind: 'scope-wait',
        callId: call.callId,
        name: call.toolName.slice(0, 128),
        reason,
        message: MESSAGES[reason],
      });
      if (decision === 'stop') {
        deps.stop();
        throw new ProtocolFailure('CANCELLED', 'The person stopped the run.');
      }
      if (decision === 'timeout')
        fatal('The run ended because its page did not come back in time.');
      problem = await problemNow();
      // Retry after a reload goes on with the document as it is now.
      if (problem === null && reason === 'navigated') documentId = null;
    }
  }

  return {
    documentId: () => documentId,
    followNavigation: () => {
      documentId = null;
    },
    tabId: () => target.tabId,
    earlierTabIds: () => [...earlier],
    async switchTo(tabId) {
      const tab = await raceAbort(deps.tabs.siteOf(tabId), signal).catch(() => null);
      if (!tab) {
        return failed('TAB_CLOSED', 'That tab was closed, so the run stays in its current tab.');
      }
      if (tab.scope === null || tab.scope.siteId !== identity.scope.siteId) {
        return failed(
          'TAB_NOT_IN_TASK',
          'That tab does not show a page the run can work on, so the run stays in its current tab.',
        );
      }
      if (tabId !== target.tabId) earlier.add(target.tabId);
      earlier.delete(tabId);
      target = { tabId, scope: tab.scope };
      documentId = null;
      return { ok: true, data: { url: tab.url } };
    },
    async request(call, method, payload, frame, options) {
      for (;;) {
        const problem = await problemNow();
        if (problem) await settle(problem, call);
        await pin();
        // A subframe's own document is pinned by the caller; its change is the
        // caller's to handle, the top page (the run's scope) being unchanged.
        if (frame) {
          return deps.pages.request(
            { tabId: target.tabId, frameId: frame.frameId, documentId: frame.documentId },
            method,
            payload,
            { signal },
          );
        }
        const tabId = target.tabId;
        const pinned = documentId === null ? tabId : { tabId, documentId };
        const result = await deps.pages.request(pinned, method, payload, { signal });
        // The relay refused it before it ran: safe to send again once settled.
        if (result.ok || result.error.code !== 'PAGE_DOCUMENT_CHANGED') return result;
        if (options?.reportDocumentChange) return result;
        await settle('navigated', call);
      }
    },
  };
}
