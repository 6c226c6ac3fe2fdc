// `search_replace`: replace the one exact occurrence of a text.
import { SearchReplaceArgumentsSchema } from '../edit/edit-tool-schemas';
import { defineEditTool } from './edit-tool';
import { quoted } from '../../../worker/tools/define-tool';

export const searchReplaceTool = defineEditTool({
  name: 'search_replace',
  description:
    'Replace the one exact occurrence of search with replace. If search occurs several times the call fails with EDIT_TARGET_AMBIGUOUS and the match count: include more surrounding text.',
  arguments: SearchReplaceArgumentsSchema,
  activity: (args) => `Replaced ${quoted(args.search, 40)}`,
});
