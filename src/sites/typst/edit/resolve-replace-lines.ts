// Resolves `replace_lines` into one change (study TOOL-06). The line range is inclusive
// and 1-based, as `read_document` numbers lines. The replaced span stops before the
// end line's terminator, so the document's own line breaks survive a replacement.
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import type { ReplaceLinesArguments } from './edit-tool-schemas';
import { toLineEnding, type LineIndex } from '../../../shared/text/line-index';
import type { TextChange } from '../../../shared/text/text-change';

/**
 * The change for `replace_lines` against the indexed snapshot. Empty `new_content`
 * deletes the lines together with one line break: the following one, or the preceding
 * one when the range ends at the last line, so no blank line is left behind.
 */
export function resolveReplaceLines(index: LineIndex, args: ReplaceLinesArguments): TextChange {
  const { start_line: startLine, end_line: endLine } = args;
  const lineCount = index.lineCount;
  if (startLine < 1 || endLine < startLine || endLine > lineCount) {
    throw new ProtocolFailure(
      'INVALID_EDIT_RANGE',
      `Lines ${startLine}-${endLine} are not a range of this document, which has ${lineCount} line${lineCount === 1 ? '' : 's'}.`,
      { start_line: startLine, end_line: endLine, line_count: lineCount },
    );
  }
  if (args.new_content.length > 0) {
    return {
      from: index.lineStart(startLine),
      to: index.lineContentEnd(endLine),
      insert: toLineEnding(args.new_content, index.lineEnding),
    };
  }
  if (endLine < lineCount)
    return { from: index.lineStart(startLine), to: index.lineStart(endLine + 1), insert: '' };
  if (startLine > 1)
    return { from: index.lineContentEnd(startLine - 1), to: index.text.length, insert: '' };
  return { from: 0, to: index.text.length, insert: '' };
}
