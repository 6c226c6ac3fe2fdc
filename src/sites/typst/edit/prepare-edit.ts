// ## Owns
// Preparing one editor write against one snapshot (study EDIT-01): tool arguments in,
// absolute changes and their reviewed diff out.
// ## Never
// Reads the page or waits. The caller supplies the live text and the selection
// captured with the message; the page later commits these exact changes only if the
// document still has the snapshot's length and hash.
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import { MAX_EDIT_CHANGES, MAX_EDIT_DOCUMENT_CHARS, MAX_EDIT_INSERTED_CHARS } from './edit-limits';
import type { EditToolCall } from './edit-tool-schemas';
import { hunksFromChanges, type HunkOptions } from '../../../shared/text/hunks-from-changes';
import { LineIndex } from '../../../shared/text/line-index';
import { resolveReplaceLines } from './resolve-replace-lines';
import { resolvePatchDocument, resolveSearchReplace } from './resolve-search-edits';
import {
  resolveInsertAtCursor,
  resolveReplaceSelection,
  type CapturedSelection,
} from './resolve-selection-edits';
import {
  assertValidChanges,
  withoutNoOpChanges,
  type TextChange,
} from '../../../shared/text/text-change';
import type { UnifiedDiff } from '../../../shared/text/unified-diff';

/** The document an edit is prepared against. */
export interface EditSnapshot {
  readonly text: string;
  /** The selection captured when the user sent the message, if any. */
  readonly selection?: CapturedSelection;
  /** A line index of `text` built earlier, reused instead of rebuilt. */
  readonly lineIndex?: LineIndex;
}

/** A prepared write: the changes to commit and the diff to review. */
export interface PreparedEdit {
  readonly kind: 'changes';
  readonly changes: readonly TextChange[];
  readonly diff: UnifiedDiff;
  readonly insertedChars: number;
}

/** The call would not change the document: nothing to review or commit. */
export interface NoChanges {
  readonly kind: 'no_changes';
}

/** Throws `EDIT_DOCUMENT_TOO_LARGE` when the snapshot is above the edit limit. */
export function assertEditableDocument(text: string): void {
  if (text.length > MAX_EDIT_DOCUMENT_CHARS) {
    throw new ProtocolFailure(
      'EDIT_DOCUMENT_TOO_LARGE',
      `The document has ${text.length} characters; edits are limited to ${MAX_EDIT_DOCUMENT_CHARS}.`,
      {
        document_chars: text.length,
        max_chars: MAX_EDIT_DOCUMENT_CHARS,
      },
    );
  }
}

/** Resolves a validated tool call into sorted, non-overlapping changes; may throw a `ProtocolFailure`. */
export function resolveEditChanges(
  index: LineIndex,
  call: EditToolCall,
  selection?: CapturedSelection,
): TextChange[] {
  switch (call.tool) {
    case 'replace_lines':
      return [resolveReplaceLines(index, call.arguments)];
    case 'search_replace':
      return [resolveSearchReplace(index, call.arguments)];
    case 'patch_document':
      return resolvePatchDocument(index, call.arguments);
    case 'insert_at_cursor':
      return [resolveInsertAtCursor(index, call.arguments, selection)];
    case 'replace_selection':
      return [resolveReplaceSelection(index, call.arguments, selection)];
  }
}

/** Throws unless `changes` are valid for `text` and within the change and insert limits. */
export function assertChangeLimits(text: string, changes: readonly TextChange[]): number {
  assertValidChanges(text, changes);
  if (changes.length > MAX_EDIT_CHANGES) {
    throw new ProtocolFailure(
      'EDIT_TOO_MANY_CHANGES',
      `The edit has ${changes.length} changes; at most ${MAX_EDIT_CHANGES} are allowed.`,
      {
        change_count: changes.length,
      },
    );
  }
  const insertedChars = changes.reduce((sum, change) => sum + change.insert.length, 0);
  if (insertedChars > MAX_EDIT_INSERTED_CHARS) {
    throw new ProtocolFailure(
      'EDIT_INSERT_TOO_LARGE',
      `The edit inserts ${insertedChars} characters; at most ${MAX_EDIT_INSERTED_CHARS} are allowed.`,
      {
        inserted_chars: insertedChars,
      },
    );
  }
  return insertedChars;
}

/**
 * Prepares `changes` already known to apply to `snapshot.text` (a tool's resolution, a
 * revert's inverse changes): limits, no-op detection, diff.
 */
export function prepareChanges(
  snapshot: EditSnapshot,
  changes: readonly TextChange[],
  options: HunkOptions = {},
): PreparedEdit | NoChanges {
  assertEditableDocument(snapshot.text);
  assertChangeLimits(snapshot.text, changes);
  const effective = withoutNoOpChanges(snapshot.text, changes);
  if (effective.length === 0) return { kind: 'no_changes' };
  const index = snapshot.lineIndex ?? new LineIndex(snapshot.text);
  const diff = hunksFromChanges(index, effective, options);
  // Non-empty changes can still cancel out (delete "a" here, insert "a" right after);
  // a diff without rows means the text is unchanged.
  if (diff.additions === 0 && diff.deletions === 0) return { kind: 'no_changes' };
  const insertedChars = effective.reduce((sum, change) => sum + change.insert.length, 0);
  return { kind: 'changes', changes: effective, diff, insertedChars };
}

/** Prepares a validated editor-write call against one snapshot. */
export function prepareEdit(
  snapshot: EditSnapshot,
  call: EditToolCall,
  options: HunkOptions = {},
): PreparedEdit | NoChanges {
  assertEditableDocument(snapshot.text);
  const index = snapshot.lineIndex ?? new LineIndex(snapshot.text);
  const changes = resolveEditChanges(index, call, snapshot.selection);
  return prepareChanges({ ...snapshot, lineIndex: index }, changes, options);
}
