// `replace_selection`: replace the selection captured with the message.
import { ReplaceSelectionArgumentsSchema } from '../edit/edit-tool-schemas';
import { defineEditTool } from './edit-tool';

export const replaceSelectionTool = defineEditTool({
  name: 'replace_selection',
  description: 'Replace the text the person had selected when they sent the message.',
  arguments: ReplaceSelectionArgumentsSchema,
  activity: () => 'Replaced the selection',
});
