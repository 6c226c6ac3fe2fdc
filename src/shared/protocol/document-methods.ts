// ## Owns
// The page methods of a text-document site (a page whose main content is a text
// editor): the snapshot an edit is prepared against, the guarded compare-and-
// dispatch commit, and the read-only review overlay. Any site whose page part offers
// a document host answers them; the worker's edit flow and the revert journal use
// them without knowing which site they talk to.
import { z } from '../schema/zod';
import { IdSchema, boundedArray, boundedString } from '../schema/bounded';
import type { MethodSpec } from './define-channel';
import { DiffViewSchema } from './diff-view';
import { MAX_DOCUMENT_CHARS, MAX_FILE_LABEL_CHARS } from './limits';

/**
 * Most changes one guarded commit accepts (one editor transaction). An edit and its
 * revert are each one commit, so a site's edit limit must not exceed it. 2,048
 * scattered one-line fixes in a 20,000-line document prepare in about 15 ms with
 * their diff (bench/span-edits); the argument cap bounds a call's text long before
 * the count does.
 */
export const MAX_COMMIT_CHANGES = 2_048;

const Count = z.number().int().min(0);
const Label = boundedString(MAX_FILE_LABEL_CHARS);
const Hash = z.string().regex(/^[0-9a-f]{64}$/);

/** Everything a commit must find unchanged on the page before it writes. */
export const CommitExpectationSchema = z.strictObject({
  /** The run's chat scope key (for example a project id) the page must still show. */
  scopeKey: boundedString(128).nullable(),
  fileLabel: Label,
  /** Changes whenever the page recreates its editor. */
  viewToken: boundedString(200),
  length: Count,
  hash: Hash,
});
export type CommitExpectation = z.infer<typeof CommitExpectationSchema>;

export const TextChangeSchema = z.strictObject({
  from: Count,
  to: Count,
  insert: boundedString(1_000_000),
});

export const DocumentSnapshotSchema = z.strictObject({
  scopeKey: boundedString(128).nullable(),
  fileLabel: Label,
  viewToken: boundedString(200),
  text: boundedString(MAX_DOCUMENT_CHARS),
  length: Count,
  hash: Hash,
  selection: z.strictObject({ anchor: Count, head: Count }),
});
export type DocumentSnapshot = z.infer<typeof DocumentSnapshotSchema>;

export const documentPageMethods = {
  /** The full text and identity an edit is prepared against. */
  'document/snapshot': {
    request: z.strictObject({}),
    response: DocumentSnapshotSchema,
  },
  /**
   * Atomic compare-and-dispatch: STALE_SCOPE, STALE_EDIT_FILE, STALE_EDITOR and
   * STALE_DOCUMENT refuse and change nothing; otherwise every change lands in one
   * editor transaction.
   */
  'document/commit': {
    request: z.strictObject({
      expected: CommitExpectationSchema,
      changes: boundedArray(TextChangeSchema, MAX_COMMIT_CHANGES).min(1),
    }),
    response: z.strictObject({ applied: Count, length: Count, hash: Hash }),
  },
  /** Shows the read-only review overlay over the editor (outside the editor's DOM). */
  'document/show-review': {
    request: z.strictObject({
      reviewId: IdSchema,
      viewToken: boundedString(200),
      diff: DiffViewSchema,
    }),
    response: z.strictObject({ shown: z.boolean() }),
  },
  /** Removes the review overlay; idempotent. */
  'document/clear-review': {
    request: z.strictObject({ reviewId: IdSchema }),
    response: z.strictObject({ cleared: z.boolean() }),
  },
} as const satisfies Record<string, MethodSpec>;
