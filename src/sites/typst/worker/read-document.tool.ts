// `read_document`: fresh numbered lines of the run's target file,
// paged by characters at line boundaries with a continuation marker. The result
// carries no file identity: the run already labels which file this is.
import { z } from '../../../shared/schema/zod';
import { defineTool, resultField } from '../../../worker/tools/define-tool';
import { asOutcome, callPage, preflight, returnToTargetFile, success } from './tool-support';

const Line = z.number().int().min(1).max(10_000_000);
const Arguments = z.strictObject({
  start_line: Line.optional(),
  end_line: Line.optional(),
  max_chars: z.number().int().min(1).max(64_000).optional(),
});

export const readDocumentTool = defineTool({
  name: 'read_document',
  description:
    'Read the open Typst document as numbered lines "<n>|<text>". Optional start_line/end_line (1-based, inclusive) and max_chars (4,000–64,000, default 28,000). When truncated, continue with the start_line it names.',
  arguments: Arguments,
  effect: 'read',
  activity: (args, outcome) => {
    const start = resultField(outcome, 'start_line') ?? args.start_line ?? 1;
    const end = resultField(outcome, 'end_line') ?? args.end_line;
    return end === undefined
      ? `Read the document from line ${String(start)}`
      : `Read the document, lines ${String(start)}\u2013${String(end)}`;
  },
  approval: 'automatic',
  sites: ['typst'],
  execute: (args, context) =>
    asOutcome(context, async () => {
      await preflight(context, 'read_document', ['editor']);
      await returnToTargetFile(context, 'read_document');
      const read = await callPage(context, 'typst/read-document', {
        startLine: args.start_line,
        endLine: args.end_line,
        maxChars: args.max_chars,
      });
      const marker =
        read.nextStartLine === null
          ? ''
          : `[… truncated: continue with start_line=${read.nextStartLine}]\n`;
      return success(
        {
          content: read.numbered + marker,
          doc_chars: read.docChars,
          approx_line_count: read.lineCount,
          start_line: read.startLine,
          end_line: read.endLine,
          truncated: read.truncated,
          cursor_line: read.cursor.line,
          cursor_column: read.cursor.column,
        },
        `Read lines ${read.startLine}–${read.endLine} of ${read.lineCount}.`,
      );
    }),
});
