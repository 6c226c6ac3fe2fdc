// `read_file_structure`: the visible Files tree, with `complete: false`
// whenever a folder is collapsed, a row is unclassified or the tree was cut. The tree
// is untrusted page data and never enters normal messages.
import { z } from '../../../shared/schema/zod';
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import { defineTool, counted, resultField } from '../../../worker/tools/define-tool';
import { asOutcome, callPage, preflight, success } from './tool-support';

const Arguments = z.strictObject({});

export const readFileStructureTool = defineTool({
  name: 'read_file_structure',
  description:
    'Read the project file tree shown in the Files panel. complete is false when folders are collapsed or rows could not be classified: ask the person to expand them if you need their contents.',
  arguments: Arguments,
  effect: 'read',
  activity: (_args, outcome) => {
    const entries = resultField(outcome, 'entries');
    return Array.isArray(entries)
      ? `Listed the project files: ${counted(entries.length, 'entry', 'entries')}`
      : 'Listed the project files';
  },
  approval: 'automatic',
  sites: ['typst'],
  execute: (_args, context) =>
    asOutcome(context, async () => {
      await preflight(context, 'read_file_structure', ['filesPanel']);
      const tree = await callPage(context, 'typst/structure', {});
      if (!tree.found)
        throw new ProtocolFailure(
          'FILES_PANEL_UNAVAILABLE',
          'The Files panel is not open or its tree cannot be read.',
        );
      const note = tree.complete
        ? 'The visible tree is complete.'
        : 'Incomplete: collapsed folders, unclassified rows or a cut-off tree. Expand folders in the Files panel to see more.';
      return success(
        {
          entries: tree.entries,
          truncated: tree.truncated,
          complete: tree.complete,
          collapsed_folders: tree.collapsedFolders,
          unknown_entries: tree.unknownEntries,
          note,
        },
        `${tree.entries.length} entries${tree.complete ? '' : ' (incomplete)'}.`,
      );
    }),
});
