// ## Owns
// Recovery as one worker service: it builds the journals over the shared database and
// offers the edit hooks (revert journal seam), the run hooks (snapshot after success,
// divergence at start), the revert cascade, snapshot operations and reconciliation of
// work a dead worker left in flight (at start when the tab is reachable, otherwise
// lazily at the chat's next recovery action).
import type { ChatScope } from '../../shared/protocol/chat-records';
import type { TabSite } from '../../shared/protocol/site-catalog';
import type { CheckpointSummary } from '../../shared/protocol/recovery-messages';
import type { RunIdentity } from '../../shared/protocol/run-messages';
import type { EditHooks } from '../documents/edit-hooks';
import type { ChatStore } from '../storage/store-contracts';
import { markReverted } from './chat-marks';
import { CheckpointJournal } from './checkpoint-journal';
import type { LiveDocumentPort } from './live-document';
import { reconcileCheckpoint, type ReconcileOutcome } from './reconcile';
import { createRecoveryEditHooks } from './recovery-edit-hooks';
import { RecoveryDatabase, type CheckpointMeta } from './recovery-db';
import { RecoveryGate, type RecoveryScope } from './recovery-scope';
import { revertCascade, type RevertResult } from './revert-cascade';
import { SnapshotService } from './snapshot-service';
import { SnapshotStore } from './snapshot-store';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import { siteById } from '../../sites/sites';

const hasDocument = (identity: RunIdentity) => siteById(identity.scope.siteId)?.document === true;

/** Dependencies of {@link createRecoveryService}. */
export interface RecoveryServiceDeps {
  readonly factory: IDBFactory;
  readonly databaseName: string;
  readonly chats: ChatStore;
  readonly page: LiveDocumentPort;
  readonly siteOf: (tabId: number) => Promise<TabSite | null>;
  readonly isRunActive: (scope: ChatScope, sessionId: string) => boolean;
  readonly now?: () => number;
  readonly onProblem?: (message: string) => void;
}

const summaryOf = (meta: CheckpointMeta): CheckpointSummary => ({
  checkpointId: meta.id,
  runId: meta.runId,
  status: meta.status,
  fileLabel: meta.fileLabel,
  createdAt: meta.createdAt,
  writeCount: meta.writeCount,
});

/** Builds the recovery service. */
export function createRecoveryService(deps: RecoveryServiceDeps) {
  const database = new RecoveryDatabase({ factory: deps.factory, name: deps.databaseName });
  const clock = deps.now ? { now: deps.now } : {};
  const journal = new CheckpointJournal(database, clock);
  const store = new SnapshotStore(database, clock);
  const gate = new RecoveryGate({ siteOf: deps.siteOf, isRunActive: deps.isRunActive });
  const snapshots = new SnapshotService(store, deps.page, deps.chats, gate, journal);
  const editHooks: EditHooks = createRecoveryEditHooks({
    journal,
    snapshots: store,
    page: deps.page,
    ...(deps.onProblem ? { onProblem: deps.onProblem } : {}),
  });

  /** Reconciles in-flight entries (of one chat, or all) against each entry's tab when it shows the project. */
  async function reconcile(
    filter: (meta: CheckpointMeta) => boolean,
    tabId?: number,
  ): Promise<ReconcileOutcome[]> {
    const outcomes: ReconcileOutcome[] = [];
    for (const meta of (await journal.list()).filter(filter)) {
      if (meta.status !== 'prepared' && meta.status !== 'reverting') continue;
      const tab = tabId ?? meta.tabId;
      const site = await deps.siteOf(tab).catch(() => null);
      const reachable = site?.siteId === meta.siteId && site.scope?.projectId === meta.projectId;
      const live = reachable ? await deps.page.read(tab).catch(() => null) : null;
      outcomes.push(await reconcileCheckpoint(journal, meta, live));
    }
    return outcomes;
  }

  return {
    journal,
    snapshots,
    editHooks,
    /** Worker start: reconcile in-flight entries and forget deleted chats' automatic snapshots. */
    async startup(): Promise<ReconcileOutcome[]> {
      const outcomes = await reconcile(() => true);
      // A deleted chat takes its checkpoints and automatic snapshot along;
      // rescue copies are file recovery data and stay. A read failure deletes nothing.
      const exists = async (sessionId: string) =>
        (await deps.chats.get(sessionId).catch(() => ({}))) !== null;
      await snapshots.forgetDeletedChats(exists);
      const orphans: string[] = [];
      for (const meta of await journal.list())
        if (
          meta.status !== 'prepared' &&
          meta.status !== 'reverting' &&
          !(await exists(meta.sessionId))
        )
          orphans.push(meta.id);
      if (orphans.length > 0) await journal.delete(orphans);
      return outcomes;
    },
    /** Run hooks for the agent core; both are best effort for the run itself. */
    // Sites without documents have nothing to snapshot: asking their page would only
    // wait out the page request's time limit.
    run: {
      atStart: async (identity: RunIdentity) => {
        if (hasDocument(identity)) await snapshots.atRunStart(identity);
      },
      afterComplete: async (identity: RunIdentity, runId: string) => {
        if (hasDocument(identity)) await snapshots.afterRunComplete(identity, runId);
      },
    },
    /** The chat's checkpoints, after reconciling its interrupted ones against the panel's tab. */
    async listCheckpoints(request: RecoveryScope): Promise<CheckpointSummary[]> {
      const inChat = (meta: CheckpointMeta) =>
        meta.sessionId === request.sessionId && meta.projectId === request.scope.projectId;
      if (!deps.isRunActive(request.scope, request.sessionId))
        await reconcile(inChat, request.tabId).catch(() => []);
      return (await journal.list()).filter(inChat).map(summaryOf);
    },
    /** The guarded cascade; marks every reverted step in the chat, including partial progress. */
    revert(request: RecoveryScope & { checkpointId: string }): Promise<RevertResult> {
      return gate.exclusive(request, async () => {
        const runIds = new Map((await journal.list()).map((meta) => [meta.id, meta.runId]));
        const mark = (ids: readonly string[]) =>
          markReverted(
            deps.chats,
            request.sessionId,
            new Map(ids.map((id) => [id, runIds.get(id) ?? ''])),
          ).catch(() => 0);
        try {
          const result = await revertCascade(journal, deps.page, {
            tabId: request.tabId,
            siteId: request.scope.siteId,
            projectId: request.scope.projectId,
            sessionId: request.sessionId,
            checkpointId: request.checkpointId,
          });
          await mark(result.revertedIds);
          return result;
        } catch (error) {
          const done =
            error instanceof ProtocolFailure ? error.details?.revertedCheckpointIds : undefined;
          if (Array.isArray(done)) await mark(done as string[]);
          throw error;
        }
      });
    },
  };
}

/** The worker's recovery service. */
export type RecoveryService = ReturnType<typeof createRecoveryService>;
