// ## Owns
// The change list every editor write is reduced to, and the operations on it that
// need no editor: validate, apply, invert.
// ## Why
// A change list against one snapshot is what the user reviews, what the page commits
// in one CodeMirror transaction and what the revert journal stores. Keeping it a plain
// sorted array of `{from, to, insert}` (UTF-16 offsets, CodeMirror's own unit) means
// the reviewed diff and the committed transaction can never disagree.
import { ProtocolFailure } from '../protocol/envelope';

/** Replace `[from, to)` of the snapshot text with `insert`. Offsets are UTF-16 code units. */
export interface TextChange {
  readonly from: number;
  readonly to: number;
  readonly insert: string;
}

/**
 * Throws `INVALID_EDIT_RANGE` unless the changes are in bounds, and `EDIT_RANGES_OVERLAP`
 * unless they are sorted and pairwise non-overlapping. Changes may touch
 * (`a.to === b.from`); several insertions at one point apply in list order, as in a
 * CodeMirror change spec, which the inverse of two adjacent deletions needs.
 */
export function assertValidChanges(text: string, changes: readonly TextChange[]): void {
  let previousTo = 0;
  changes.forEach((change, index) => {
    const { from, to } = change;
    if (
      !Number.isInteger(from) ||
      !Number.isInteger(to) ||
      from < 0 ||
      to < from ||
      to > text.length
    ) {
      throw new ProtocolFailure(
        'INVALID_EDIT_RANGE',
        `Change ${index + 1} is outside the document (0..${text.length}).`,
        { index, from, to },
      );
    }
    if (from < previousTo) {
      throw new ProtocolFailure(
        'EDIT_RANGES_OVERLAP',
        `Change ${index + 1} overlaps the previous change.`,
        { index, from, to },
      );
    }
    previousTo = to;
  });
}

/** The text after applying sorted, non-overlapping `changes` to `text`. */
export function applyChanges(text: string, changes: readonly TextChange[]): string {
  // Joining slices once is linear in the document; repeated string splicing would be
  // quadratic in the number of changes.
  const parts: string[] = [];
  let cursor = 0;
  for (const change of changes) {
    parts.push(text.slice(cursor, change.from), change.insert);
    cursor = change.to;
  }
  parts.push(text.slice(cursor));
  return parts.join('');
}

/**
 * The change list that turns `applyChanges(text, changes)` back into `text`, in the
 * coordinates of the edited text. The revert journal stores this instead of a whole
 * document replacement so a revert keeps the cursor, undo history and collaborative
 * sync minimal (study 6.1 item 23).
 */
export function invertChanges(text: string, changes: readonly TextChange[]): TextChange[] {
  const inverse: TextChange[] = [];
  let shift = 0;
  for (const change of changes) {
    const from = change.from + shift;
    inverse.push({
      from,
      to: from + change.insert.length,
      insert: text.slice(change.from, change.to),
    });
    shift += change.insert.length - (change.to - change.from);
  }
  return inverse;
}

/** Drops changes that would leave their range unchanged, so a no-op can be reported as such. */
export function withoutNoOpChanges(text: string, changes: readonly TextChange[]): TextChange[] {
  return changes.filter((change) => text.slice(change.from, change.to) !== change.insert);
}
