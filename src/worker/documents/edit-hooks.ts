// ## Owns
// The seams a run offers every document write (the revert journal plugs in here):
// the document right before the run's first write, and each write staged ahead of its
// page commit with callbacks that record whether the commit landed.
import type { RunIdentity } from '../../shared/protocol/run-messages';

/** What a hook may read of the tool call it serves. */
export interface EditHookContext {
  readonly runId: string;
  readonly identity: RunIdentity;
  /** The revert checkpoint of this response; hooks set it on the first write. */
  readonly state: { checkpointId: string | null };
}

/** The document as it was right before the first write of a run. */
export interface PreWriteDocument {
  readonly fileLabel: string;
  readonly text: string;
  readonly hash: string;
}

/** One write as the journal stages it: the snapshot it is prepared against and its changes. */
export interface StagedWrite extends PreWriteDocument {
  readonly changes: readonly { from: number; to: number; insert: string }[];
}

/** How the edit flow reports a staged write's commit. */
export interface StagedWriteOutcome {
  committed(result: { length: number; hash: string }): Promise<void>;
  /** The commit failed or may not have landed; the journal reads the page to decide. */
  failed(): Promise<void>;
}

/** Seams the run provides; both are optional, and a run without recovery has none. */
export interface EditHooks {
  /**
   * Called before a run's first page commit (while `state.checkpointId` is null). It
   * may set `checkpointId`; throwing stops the edit before any write.
   */
  beforeFirstWrite?(context: EditHookContext, document: PreWriteDocument): Promise<void>;
  /**
   * Write-ahead journal of every write: called with the exact changes right before the
   * page commit; throwing stops the write.
   */
  stageWrite?(context: EditHookContext, write: StagedWrite): Promise<StagedWriteOutcome>;
}
