// Resolves `insert_at_cursor` and `replace_selection` (study TOOL-09) against the
// selection captured with the user's message, not the live caret at tool time: the
// user may have clicked elsewhere while the model was thinking (study 6.1 item 22).
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import type { InsertAtCursorArguments, ReplaceSelectionArguments } from './edit-tool-schemas';
import { toLineEnding, type LineIndex } from '../../../shared/text/line-index';
import type { TextChange } from '../../../shared/text/text-change';

/** A CodeMirror-style selection in UTF-16 offsets; `head` is where the caret is. */
export interface CapturedSelection {
  readonly anchor: number;
  readonly head: number;
}

function requireSelectionInDocument(
  index: LineIndex,
  selection: CapturedSelection | undefined,
): CapturedSelection {
  if (selection === undefined) {
    throw new ProtocolFailure(
      'EDIT_SELECTION_EMPTY',
      'No editor selection was captured with this message.',
    );
  }
  const length = index.text.length;
  const isInside = (offset: number) => Number.isInteger(offset) && offset >= 0 && offset <= length;
  if (!isInside(selection.anchor) || !isInside(selection.head)) {
    throw new ProtocolFailure(
      'INVALID_EDIT_RANGE',
      `The captured selection is outside the document (0..${length}).`,
      {
        anchor: selection.anchor,
        head: selection.head,
      },
    );
  }
  return selection;
}

/** The change for `insert_at_cursor`: insert at the captured caret, keeping any selected text. */
export function resolveInsertAtCursor(
  index: LineIndex,
  args: InsertAtCursorArguments,
  selection: CapturedSelection | undefined,
): TextChange {
  const { head } = requireSelectionInDocument(index, selection);
  return { from: head, to: head, insert: toLineEnding(args.text, index.lineEnding) };
}

/** The change for `replace_selection`: the captured selection must not be empty. */
export function resolveReplaceSelection(
  index: LineIndex,
  args: ReplaceSelectionArguments,
  selection: CapturedSelection | undefined,
): TextChange {
  const { anchor, head } = requireSelectionInDocument(index, selection);
  if (anchor === head) {
    throw new ProtocolFailure(
      'EDIT_SELECTION_EMPTY',
      'The selection captured with this message is empty; select the text to replace.',
    );
  }
  return {
    from: Math.min(anchor, head),
    to: Math.max(anchor, head),
    insert: toLineEnding(args.text, index.lineEnding),
  };
}
