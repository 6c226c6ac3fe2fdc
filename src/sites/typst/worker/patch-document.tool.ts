// `patch_document`: several search/replace pairs applied atomically.
import { PatchDocumentArgumentsSchema } from '../edit/edit-tool-schemas';
import { defineEditTool } from './edit-tool';

export const patchDocumentTool = defineEditTool({
  name: 'patch_document',
  description:
    'Apply several non-overlapping search/replace edits atomically, all matched against the same current text. Each search must match exactly once unless unique is false (then the first match is used).',
  arguments: PatchDocumentArgumentsSchema,
});
