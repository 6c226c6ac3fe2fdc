// `patch_document`: several search/replace pairs applied atomically.
import { PatchDocumentArgumentsSchema } from '../edit/edit-tool-schemas';
import { defineEditTool } from './edit-tool';
import { counted } from '../../../worker/tools/define-tool';

export const patchDocumentTool = defineEditTool({
  name: 'patch_document',
  description:
    'Apply several non-overlapping search/replace edits atomically, all matched against the same current text. Each search must match exactly once unless unique is false (then the first match is used).',
  arguments: PatchDocumentArgumentsSchema,
  activity: (args) => `Made ${counted(args.edits.length, 'change')}`,
});
