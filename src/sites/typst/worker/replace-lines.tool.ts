// `replace_lines`: replace an inclusive 1-based line range.
import { ReplaceLinesArgumentsSchema } from '../edit/edit-tool-schemas';
import { defineEditTool } from './edit-tool';

export const replaceLinesTool = defineEditTool({
  name: 'replace_lines',
  description:
    'Replace the inclusive 1-based line range start_line..end_line of the open document with new_content (no trailing newline needed). Empty new_content deletes the lines. Read the document first: line numbers refer to the current text.',
  arguments: ReplaceLinesArgumentsSchema,
  activity: (args) =>
    args.new_content === ''
      ? `Deleted lines ${String(args.start_line)}\u2013${String(args.end_line)}`
      : `Replaced lines ${String(args.start_line)}\u2013${String(args.end_line)}`,
});
