// Bounds of the typst edit tools. They live in one file so the tool schemas, the
// edit preparation and the page commit agree on the same numbers instead of drifting
// copies. Diff display bounds live in src/shared/text/diff-limits.ts.
import { MAX_COMMIT_CHANGES } from '../../../shared/protocol/document-methods';

/**
 * Largest document, in UTF-16 code units, that an editor write may be prepared against.
 * Equal to the bridge's MAX_DOCUMENT_CHARS, so every document the page can hand over
 * (up to 1 MiB) is also editable.
 */
export const MAX_EDIT_DOCUMENT_CHARS = 1_048_576;

/**
 * Most changes one prepared edit may carry: all of them go to the page in one
 * guarded commit, so the commit's bound is the edit's.
 */
export const MAX_EDIT_CHANGES = MAX_COMMIT_CHANGES;

/** Most characters one prepared edit may insert, summed over its changes. */
export const MAX_EDIT_INSERTED_CHARS = 1_000_000;

/** Most search/replace pairs in one `patch_document` call: one change each. */
export const MAX_PATCH_EDITS = MAX_EDIT_CHANGES;

/** Occurrences counted for an ambiguity report; beyond it the count is reported as a floor. */
export const MAX_COUNTED_MATCHES = 1_000;
