// ## Owns
// The checks every recovery action makes before touching a page: the tab still shows
// the request's site and chat scope, no agent run of the chat is active, and no other
// recovery action runs on the tab (one at a time per tab).
import type { ChatScope } from '../../shared/protocol/chat-records';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { TabSite } from '../../shared/protocol/site-catalog';

/** The panel's scope of a recovery request. */
export interface RecoveryScope {
  readonly tabId: number;
  readonly scope: ChatScope;
  readonly sessionId: string;
}

/** What the checks need from the worker. */
export interface RecoveryScopeDeps {
  readonly siteOf: (tabId: number) => Promise<TabSite | null>;
  /** Whether an agent run of this chat is active. */
  readonly isRunActive: (scope: ChatScope, sessionId: string) => boolean;
}

/** Per-tab exclusion plus the scope checks. */
export class RecoveryGate {
  private readonly busyTabs = new Set<number>();

  constructor(private readonly deps: RecoveryScopeDeps) {}

  /** Throws unless the tab still shows the request's chat scope (site and scope key). */
  async checkTab(request: RecoveryScope): Promise<void> {
    const site = await this.deps.siteOf(request.tabId);
    if (!site) throw new ProtocolFailure('PAGE_UNAVAILABLE', 'That tab is gone.');
    if (site.siteId !== request.scope.siteId) {
      throw new ProtocolFailure(
        'RUN_SCOPE_CHANGED',
        'The tab now shows another site; switch back to restore or revert.',
      );
    }
    if (site.scope?.projectId !== request.scope.projectId)
      throw new ProtocolFailure(
        'EDIT_REVERT_PROJECT_MISMATCH',
        'The tab now shows another project; switch back to restore or revert.',
      );
  }

  /** Runs `body` exclusively on the request's tab after the checks. */
  async exclusive<T>(request: RecoveryScope, body: () => Promise<T>): Promise<T> {
    if (this.deps.isRunActive(request.scope, request.sessionId))
      throw new ProtocolFailure(
        'EDIT_REVERT_RUN_ACTIVE',
        'Wait for the agent to finish (or stop it) before reverting or restoring.',
      );
    if (this.busyTabs.has(request.tabId))
      throw new ProtocolFailure(
        'EDIT_REVERT_ACTIVE',
        'Another revert or restore is still running on this tab.',
      );
    this.busyTabs.add(request.tabId);
    try {
      await this.checkTab(request);
      return await body();
    } finally {
      this.busyTabs.delete(request.tabId);
    }
  }
}
