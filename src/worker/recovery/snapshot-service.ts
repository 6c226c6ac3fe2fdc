// ## Owns
// Document snapshots as the worker offers them: the automatic
// snapshot after a successful response, divergence invalidation at run start, and the
// panel's list / preview / restore / delete. Restore saves the live text as "Before
// restore" first (and stops if that fails), then stages the restore in the revert
// journal like any write, then sends one guarded page commit.
// ## Why a restore is a journal entry
// A worker that dies between the rescue copy and the commit's answer leaves the page
// either restored or not; the entry is reconciled against the live document like any
// other step (applied, or removed), and a later revert of an earlier response in the
// chat undoes the restore first instead of refusing on a document it cannot explain.
import { scopeKeyOf } from '../storage/chat-db-schema';
import type { RunIdentity } from '../../shared/protocol/run-messages';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { SnapshotSummary } from '../../shared/protocol/recovery-messages';
import type { DiffView } from '../../shared/protocol/diff-view';
import { boundedLineDiff } from '../../shared/text/bounded-line-diff';
import { hashText } from '../../shared/text/text-hash';
import { toDiffView } from '../../shared/text/to-diff-view';
import type { ChatStore } from '../storage/store-contracts';
import { invertChanges } from '../../shared/text/text-change';
import type { CheckpointJournal } from './checkpoint-journal';
import { reconcileCheckpoint } from './reconcile';
import { markRestored } from './chat-marks';
import type { LiveDocument, LiveDocumentPort } from './live-document';
import type { SnapshotMeta } from './recovery-db';
import type { RecoveryGate, RecoveryScope } from './recovery-scope';
import type { SnapshotStore } from './snapshot-store';
import { spanChange } from './span-change';

const summary = (meta: SnapshotMeta): SnapshotSummary => ({
  snapshotId: meta.id,
  kind: meta.kind,
  fileLabel: meta.fileLabel,
  textLength: meta.text.length,
  createdAt: meta.createdAt,
});

/** Snapshot operations over the store, the live page and the chat store. */
export class SnapshotService {
  constructor(
    private readonly store: SnapshotStore,
    private readonly page: LiveDocumentPort,
    private readonly chats: ChatStore,
    private readonly gate: RecoveryGate,
    private readonly journal: CheckpointJournal,
  ) {}

  /** Run start: drops this chat's automatic snapshot of the live file if the document diverged. */
  async atRunStart(identity: RunIdentity): Promise<void> {
    const live = await this.page.read(identity.tabId);
    await this.store.removeAutomatic(identity.sessionId, live.fileLabel, live);
  }

  /** After a successful complete response: the live focused file replaces the chat's automatic snapshot. */
  async afterRunComplete(identity: RunIdentity, runId: string): Promise<void> {
    const live = await this.page.read(identity.tabId);
    await this.store.put({
      kind: 'automatic',
      scopeKey: scopeKeyOf(identity.scope),
      projectId: identity.scope.projectId,
      fileLabel: live.fileLabel,
      sessionId: identity.sessionId,
      runId,
      text: live.text,
      state: { hash: live.hash, length: live.length },
    });
  }

  /** Recovery points of the focused file: rescue copies and this chat's automatic one, newest first. */
  async list(
    request: RecoveryScope,
  ): Promise<{ fileLabel: string | null; snapshots: SnapshotSummary[] }> {
    await this.gate.checkTab(request);
    const live = await this.page.read(request.tabId).catch(() => null);
    if (!live) return { fileLabel: null, snapshots: [] };
    const entries = await this.store.list(scopeKeyOf(request.scope), live.fileLabel);
    return {
      fileLabel: live.fileLabel,
      snapshots: entries
        .filter((entry) => entry.kind === 'rescue' || entry.sessionId === request.sessionId)
        .map(summary),
    };
  }

  /** The current-to-saved diff (bounded in time; anchored fallback), without changing anything. */
  async preview(
    request: RecoveryScope & { snapshotId: string },
  ): Promise<{ noChanges: boolean; diff: DiffView | null; method: 'myers' | 'anchored' | 'none' }> {
    await this.gate.checkTab(request);
    const { live, text } = await this.load(request);
    if (live.text === text) return { noChanges: true, diff: null, method: 'none' };
    const diff = boundedLineDiff(live.text, text);
    return { noChanges: false, diff: toDiffView(diff, live.fileLabel), method: diff.method };
  }

  /** Saves the rescue copy, then restores with one guarded commit; marks the chat. */
  restore(
    request: RecoveryScope & { snapshotId: string },
  ): Promise<{ restored: boolean; rescueSnapshotId: string | null }> {
    return this.gate.exclusive(request, async () => {
      const { live, text, meta } = await this.load(request);
      if (live.text === text) return { restored: false, rescueSnapshotId: null };
      const rescue = await this.store.put(
        {
          kind: 'rescue',
          scopeKey: meta.scopeKey,
          projectId: meta.projectId,
          fileLabel: live.fileLabel,
          sessionId: null,
          runId: null,
          text: live.text,
          state: { hash: live.hash, length: live.length },
        },
        meta.id,
      );
      await this.gate.checkTab(request);
      const changes = spanChange(live.text, text);
      const entry = await this.journal.stage({
        checkpointId: null,
        siteId: request.scope.siteId,
        projectId: request.scope.projectId,
        sessionId: request.sessionId,
        runId: `restore-${rescue.id}`.slice(0, 128),
        tabId: request.tabId,
        fileLabel: live.fileLabel,
        base: { hash: live.hash, length: live.length },
        pending: { hash: meta.text.hash, length: text.length },
        inverse: invertChanges(live.text, changes),
        beforeText: null,
      });
      let committed;
      try {
        committed = await this.page.commit(request.tabId, live, changes);
      } catch (error) {
        // The commit may still have landed: the live document decides, as at a restart.
        const after = await this.page.read(request.tabId).catch(() => null);
        await reconcileCheckpoint(this.journal, entry, after).catch(() => undefined);
        throw error;
      }
      // A failed record is left `prepared`; reconciliation sees live == pending.
      await this.journal.commit(entry.id, committed).catch(() => undefined);
      await markRestored(this.chats, request.sessionId).catch(() => false);
      return { restored: true, rescueSnapshotId: rescue.id };
    });
  }

  /** Deletes a snapshot of this project's focused file. */
  async delete(request: RecoveryScope & { snapshotId: string }): Promise<{ deleted: boolean }> {
    await this.gate.checkTab(request);
    const found = await this.store.read(request.snapshotId);
    if (!found || found.meta.scopeKey !== scopeKeyOf(request.scope)) return { deleted: false };
    await this.store.delete([found.meta.id]);
    return { deleted: true };
  }

  /** Removes automatic snapshots of chats that no longer exist (rescue copies stay). */
  async forgetDeletedChats(exists: (sessionId: string) => Promise<boolean>): Promise<number> {
    const orphans: string[] = [];
    for (const entry of await this.store.all())
      if (entry.kind === 'automatic' && entry.sessionId && !(await exists(entry.sessionId)))
        orphans.push(entry.id);
    if (orphans.length > 0) await this.store.delete(orphans);
    return orphans.length;
  }

  private async load(
    request: RecoveryScope & { snapshotId: string },
  ): Promise<{ live: LiveDocument; text: string; meta: SnapshotMeta }> {
    const found = await this.store.read(request.snapshotId);
    const visible =
      found &&
      found.meta.scopeKey === scopeKeyOf(request.scope) &&
      (found.meta.kind === 'rescue' || found.meta.sessionId === request.sessionId);
    if (!found || !visible)
      throw new ProtocolFailure(
        'DOCUMENT_SNAPSHOT_NOT_FOUND',
        'That recovery point no longer exists.',
      );
    const live = await this.page.read(request.tabId);
    if (live.fileLabel !== found.meta.fileLabel)
      throw new ProtocolFailure(
        'DOCUMENT_SNAPSHOT_FILE_MISMATCH',
        `This recovery point is for ${found.meta.fileLabel}; open that file first.`,
      );
    if (
      found.text.length !== found.meta.text.length ||
      (await hashText(found.text)) !== found.meta.text.hash
    ) {
      throw new ProtocolFailure(
        'DOCUMENT_SNAPSHOT_INTEGRITY',
        'This recovery point is damaged and cannot be used.',
      );
    }
    return { live, text: found.text, meta: found.meta };
  }
}
