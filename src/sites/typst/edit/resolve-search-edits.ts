// Resolves `search_replace` and `patch_document` (study TOOL-07, TOOL-08). Both match
// exact text against the one pre-edit snapshot. Unlike the reference, `search_replace`
// refuses a search that occurs several times (study 6.1 item 22): silently editing
// the first occurrence puts the change where the model may not have meant it.
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import { MAX_COUNTED_MATCHES } from './edit-limits';
import type { PatchDocumentArguments, SearchReplaceArguments } from './edit-tool-schemas';
import { toLineEnding, type LineIndex } from './line-index';
import type { TextChange } from './text-change';

interface SearchMatch {
  readonly from: number;
  /** Occurrences found, overlapping ones included, counted up to `MAX_COUNTED_MATCHES`. */
  readonly count: number;
}

/** The first occurrence of `search` and how many there are (stops counting at `limit`). */
function findOccurrences(text: string, search: string, limit: number): SearchMatch | undefined {
  const first = text.indexOf(search);
  if (first === -1) return undefined;
  let count = 1;
  // Overlapping occurrences count too: "aa" in "aaa" could mean either position.
  for (let at = text.indexOf(search, first + 1); at !== -1 && count < limit; at = text.indexOf(search, at + 1)) count += 1;
  return { from: first, count };
}

function requireSearch(search: string, editIndex?: number): void {
  if (search.length === 0) {
    throw new ProtocolFailure('INVALID_EDIT_ARGUMENTS', 'The search text is empty.', editIndex === undefined ? {} : { edit_index: editIndex });
  }
}

function resolveOneSearch(index: LineIndex, search: string, replace: string, isUnique: boolean, editIndex?: number): TextChange {
  requireSearch(search, editIndex);
  const lineEnding = index.lineEnding;
  const needle = toLineEnding(search, lineEnding);
  const label = editIndex === undefined ? 'The search text' : `Edit ${editIndex + 1}'s search text`;
  const details: Record<string, unknown> = editIndex === undefined ? {} : { edit_index: editIndex };
  const match = findOccurrences(index.text, needle, isUnique ? MAX_COUNTED_MATCHES : 1);
  if (match === undefined) {
    throw new ProtocolFailure('EDIT_TARGET_NOT_FOUND', `${label} does not occur in the document.`, details);
  }
  if (isUnique && match.count > 1) {
    const countText = match.count >= MAX_COUNTED_MATCHES ? `at least ${match.count}` : String(match.count);
    throw new ProtocolFailure(
      'EDIT_TARGET_AMBIGUOUS',
      `${label} occurs ${countText} times; include surrounding text so it matches exactly once.`,
      { ...details, match_count: match.count, match_count_is_floor: match.count >= MAX_COUNTED_MATCHES },
    );
  }
  return { from: match.from, to: match.from + needle.length, insert: toLineEnding(replace, lineEnding) };
}

/** The change for `search_replace`: the search must occur exactly once. */
export function resolveSearchReplace(index: LineIndex, args: SearchReplaceArguments): TextChange {
  return resolveOneSearch(index, args.search, args.replace, true);
}

/**
 * The changes for `patch_document`, sorted by position. Every search is matched in the
 * pre-patch text, so one edit's replacement never feeds another edit's search.
 */
export function resolvePatchDocument(index: LineIndex, args: PatchDocumentArguments): TextChange[] {
  const located = args.edits.map((edit, editIndex) => ({
    editIndex,
    change: resolveOneSearch(index, edit.search, edit.replace, edit.unique, editIndex),
  }));
  // Stable sort keeps provider order for equal starts, which then fail as overlaps.
  located.sort((left, right) => left.change.from - right.change.from);
  for (let position = 1; position < located.length; position += 1) {
    const previous = located[position - 1];
    const current = located[position];
    if (previous !== undefined && current !== undefined && current.change.from < previous.change.to) {
      throw new ProtocolFailure(
        'EDIT_RANGES_OVERLAP',
        `Edits ${previous.editIndex + 1} and ${current.editIndex + 1} match overlapping text.`,
        { edit_indexes: [previous.editIndex, current.editIndex] },
      );
    }
  }
  return located.map((entry) => entry.change);
}
