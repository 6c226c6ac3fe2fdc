// Bounds of the typst edit tools. They live in one file so the tool schemas, the
// edit preparation and the page commit agree on the same numbers instead of drifting
// copies. Diff display bounds live in src/shared/text/diff-limits.ts.

/**
 * Largest document, in UTF-16 code units, that an editor write may be prepared against.
 * Equal to the bridge's MAX_DOCUMENT_CHARS, so every document the page can hand over
 * (up to 1 MiB) is also editable.
 */
export const MAX_EDIT_DOCUMENT_CHARS = 1_048_576;

/**
 * Most changes one prepared edit may carry (one CodeMirror transaction), and so the
 * most one guarded page commit accepts. 2,048 scattered one-line fixes in a
 * 20,000-line document prepare in about 15 ms with their diff (bench/span-edits),
 * and the 256 KiB argument cap bounds the text of a call long before the count does.
 */
export const MAX_EDIT_CHANGES = 2_048;

/** Most characters one prepared edit may insert, summed over its changes. */
export const MAX_EDIT_INSERTED_CHARS = 1_000_000;

/** Most search/replace pairs in one `patch_document` call: one change each. */
export const MAX_PATCH_EDITS = MAX_EDIT_CHANGES;

/** Occurrences counted for an ambiguity report; beyond it the count is reported as a floor. */
export const MAX_COUNTED_MATCHES = 1_000;
