// Resolves `search_replace` and `patch_document` (study TOOL-07, TOOL-08). Both match
// exact text against the one pre-edit snapshot. Unlike the reference, `search_replace`
// refuses a search that occurs several times (study 6.1 item 22): silently editing
// the first occurrence puts the change where the model may not have meant it.
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import { MAX_COUNTED_MATCHES } from './edit-limits';
import type { PatchDocumentArguments, SearchReplaceArguments } from './edit-tool-schemas';
import { findOccurrences, findOccurrencesOfAll, type Occurrences } from './find-occurrences';
import { toLineEnding, type LineEnding, type LineIndex } from '../../../shared/text/line-index';
import type { TextChange } from '../../../shared/text/text-change';

// Below this many edits one `indexOf` per search beats a hashing pass.
const MULTI_SEARCH_MIN_EDITS = 4;

function requireSearch(search: string, editIndex?: number): void {
  if (search.length === 0) {
    throw new ProtocolFailure(
      'INVALID_EDIT_ARGUMENTS',
      'The search text is empty.',
      editIndex === undefined ? {} : { edit_index: editIndex },
    );
  }
}

interface LocatedSearch {
  readonly needle: string;
  readonly replace: string;
  readonly isUnique: boolean;
  readonly occurrences: Occurrences;
  readonly editIndex?: number;
}

function changeFor(located: LocatedSearch, lineEnding: LineEnding): TextChange {
  const { needle, occurrences, editIndex } = located;
  const label = editIndex === undefined ? 'The search text' : `Edit ${editIndex + 1}'s search text`;
  const details: Record<string, unknown> = editIndex === undefined ? {} : { edit_index: editIndex };
  if (occurrences.count === 0) {
    throw new ProtocolFailure(
      'EDIT_TARGET_NOT_FOUND',
      `${label} does not occur in the document.`,
      details,
    );
  }
  if (located.isUnique && occurrences.count > 1) {
    const isFloor = occurrences.count >= MAX_COUNTED_MATCHES;
    throw new ProtocolFailure(
      'EDIT_TARGET_AMBIGUOUS',
      `${label} occurs ${isFloor ? 'at least ' : ''}${occurrences.count} times; include surrounding text so it matches exactly once.`,
      { ...details, match_count: occurrences.count, match_count_is_floor: isFloor },
    );
  }
  return {
    from: occurrences.first,
    to: occurrences.first + needle.length,
    insert: toLineEnding(located.replace, lineEnding),
  };
}

/** The change for `search_replace`: the search must occur exactly once. */
export function resolveSearchReplace(index: LineIndex, args: SearchReplaceArguments): TextChange {
  requireSearch(args.search);
  const needle = toLineEnding(args.search, index.lineEnding);
  const occurrences = findOccurrences(index.text, needle, MAX_COUNTED_MATCHES);
  return changeFor(
    { needle, replace: args.replace, isUnique: true, occurrences },
    index.lineEnding,
  );
}

/**
 * The changes for `patch_document`, sorted by position. Every search is matched in the
 * pre-patch text, so one edit's replacement never feeds another edit's search.
 */
export function resolvePatchDocument(index: LineIndex, args: PatchDocumentArguments): TextChange[] {
  const lineEnding = index.lineEnding;
  args.edits.forEach((edit, editIndex) => requireSearch(edit.search, editIndex));
  const needles = args.edits.map((edit) => toLineEnding(edit.search, lineEnding));
  const occurrences =
    needles.length >= MULTI_SEARCH_MIN_EDITS
      ? findOccurrencesOfAll(index.text, needles, MAX_COUNTED_MATCHES)
      : needles.map((needle) => findOccurrences(index.text, needle, MAX_COUNTED_MATCHES));
  const located = args.edits.map((edit, editIndex) => ({
    editIndex,
    change: changeFor(
      {
        needle: needles[editIndex] as string,
        replace: edit.replace,
        isUnique: edit.unique,
        occurrences: occurrences[editIndex] as Occurrences,
        editIndex,
      },
      lineEnding,
    ),
  }));
  // Stable sort keeps provider order for equal starts, which then fail as overlaps.
  located.sort((left, right) => left.change.from - right.change.from);
  for (let position = 1; position < located.length; position += 1) {
    const previous = located[position - 1];
    const current = located[position];
    if (
      previous !== undefined &&
      current !== undefined &&
      current.change.from < previous.change.to
    ) {
      throw new ProtocolFailure(
        'EDIT_RANGES_OVERLAP',
        `Edits ${previous.editIndex + 1} and ${current.editIndex + 1} match overlapping text.`,
        { edit_indexes: [previous.editIndex, current.editIndex] },
      );
    }
  }
  return located.map((entry) => entry.change);
}
