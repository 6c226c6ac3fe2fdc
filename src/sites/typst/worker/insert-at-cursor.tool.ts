// `insert_at_cursor`: insert text at the caret captured with the message.
import { InsertAtCursorArgumentsSchema } from '../edit/edit-tool-schemas';
import { defineEditTool } from './edit-tool';
import { counted } from '../../../worker/tools/define-tool';

export const insertAtCursorTool = defineEditTool({
  name: 'insert_at_cursor',
  description: 'Insert text at the caret position the person had when they sent the message.',
  arguments: InsertAtCursorArgumentsSchema,
  activity: (args) => `Inserted ${counted(args.text.length, 'character')} at the cursor`,
});
