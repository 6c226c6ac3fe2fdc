// Panel -> worker methods for recovery: the revert journal and
// document snapshots. Requests carry only scope (tab, project, chat) and ids; the
// worker re-reads the live document and its own journals and never trusts the panel
// for document state. Answers carry public metadata only, never document text except
// the bounded preview diff. Handlers: src/worker/handlers/recovery.handlers.ts.
import { z } from '../schema/zod';
import {
  IdSchema,
  TabIdSchema,
  TimestampSchema,
  boundedArray,
  boundedString,
} from '../schema/bounded';
import { ChatScopeSchema } from './chat-records';
import type { MethodSpec } from './define-channel';
import { DiffViewSchema } from './diff-view';
import { MAX_FILE_LABEL_CHARS } from './limits';

/** Where a recovery action applies: the panel's tab, project and chat. */
const RecoveryScope = { tabId: TabIdSchema, scope: ChatScopeSchema, sessionId: IdSchema };

export const CheckpointSummarySchema = z.strictObject({
  checkpointId: IdSchema,
  /** The response (assistant turn) whose edits this checkpoint can revert. */
  runId: IdSchema,
  status: z.enum(['prepared', 'applied', 'reverting', 'reverted']),
  fileLabel: boundedString(MAX_FILE_LABEL_CHARS),
  createdAt: TimestampSchema,
  writeCount: z.number().int().min(0),
});
export type CheckpointSummary = z.infer<typeof CheckpointSummarySchema>;

export const SnapshotSummarySchema = z.strictObject({
  snapshotId: IdSchema,
  kind: z.enum(['automatic', 'rescue']),
  fileLabel: boundedString(MAX_FILE_LABEL_CHARS),
  textLength: z.number().int().min(0),
  createdAt: TimestampSchema,
});
export type SnapshotSummary = z.infer<typeof SnapshotSummarySchema>;

const SnapshotRequest = z.strictObject({ ...RecoveryScope, snapshotId: IdSchema });

export const recoveryRequestMethods = {
  /** The chat's revert checkpoints (reconciling interrupted ones against the live tab first). */
  'recovery/list-checkpoints': {
    request: z.strictObject(RecoveryScope),
    response: z.strictObject({ checkpoints: boundedArray(CheckpointSummarySchema, 64) }),
  },
  /**
   * Reverts a response and, first, every later agent-edited response of the chat,
   * newest first. A mismatch fails with EDIT_REVERT_CONFLICT whose details list the
   * steps already reverted (`revertedCheckpointIds`, `revertedCount`, `totalCount`).
   */
  'recovery/revert': {
    request: z.strictObject({ ...RecoveryScope, checkpointId: IdSchema }),
    response: z.strictObject({
      revertedCheckpointIds: boundedArray(IdSchema, 64),
      alreadyReverted: z.number().int().min(0),
      totalCount: z.number().int().min(0),
    }),
  },
  /** Recovery points of the focused file of this project (automatic ones of this chat only). */
  'recovery/list-snapshots': {
    request: z.strictObject(RecoveryScope),
    response: z.strictObject({
      fileLabel: boundedString(MAX_FILE_LABEL_CHARS).nullable(),
      snapshots: boundedArray(SnapshotSummarySchema, 64),
    }),
  },
  /** The current-to-saved diff of a snapshot; nothing is changed. */
  'recovery/preview-snapshot': {
    request: SnapshotRequest,
    response: z.strictObject({
      noChanges: z.boolean(),
      diff: DiffViewSchema.nullable(),
      method: z.enum(['myers', 'anchored', 'none']),
    }),
  },
  /** Saves the live text as "Before restore", then restores the snapshot with one guarded commit. */
  'recovery/restore-snapshot': {
    request: SnapshotRequest,
    response: z.strictObject({ restored: z.boolean(), rescueSnapshotId: IdSchema.nullable() }),
  },
  'recovery/delete-snapshot': {
    request: SnapshotRequest,
    response: z.strictObject({ deleted: z.boolean() }),
  },
} as const satisfies Record<string, MethodSpec>;
