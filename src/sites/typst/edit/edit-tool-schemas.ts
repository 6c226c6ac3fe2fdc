// ## Owns
// The argument schemas of the five editor-write tools, as the model sends them.
// ## Why
// Dispatch validates raw arguments against these before any wait, approval or page
// access (study TOOL-12), so the resolvers can trust shapes and only check what
// depends on the document. Strings are bounded by the insert limit; the 256 KiB raw
// argument cap of dispatch is tighter still.
import { z } from '../../../shared/schema/zod';
import { MAX_EDIT_INSERTED_CHARS, MAX_PATCH_EDITS } from './edit-limits';

const LineNumberSchema = z.number().int().min(1).max(MAX_EDIT_INSERTED_CHARS);
const EditTextSchema = z.string().max(MAX_EDIT_INSERTED_CHARS);
const SearchTextSchema = z.string().min(1).max(MAX_EDIT_INSERTED_CHARS);

/** `replace_lines`: replace the inclusive 1-based line range; empty content deletes it. */
export const ReplaceLinesArgumentsSchema = z.strictObject({
  start_line: LineNumberSchema,
  end_line: LineNumberSchema,
  new_content: EditTextSchema,
});
export type ReplaceLinesArguments = z.infer<typeof ReplaceLinesArgumentsSchema>;

/** `search_replace`: replace the one exact occurrence of `search`. */
export const SearchReplaceArgumentsSchema = z.strictObject({
  search: SearchTextSchema,
  replace: EditTextSchema,
});
export type SearchReplaceArguments = z.infer<typeof SearchReplaceArgumentsSchema>;

/** One pair of `patch_document`; `unique: false` accepts the first of several matches. */
export const PatchEditSchema = z.strictObject({
  search: SearchTextSchema,
  replace: EditTextSchema,
  unique: z.boolean().default(true),
});
export type PatchEdit = z.infer<typeof PatchEditSchema>;

/** `patch_document`: several pairs matched against the same pre-patch text. */
export const PatchDocumentArgumentsSchema = z.strictObject({
  edits: z.array(PatchEditSchema).min(1).max(MAX_PATCH_EDITS),
});
export type PatchDocumentArguments = z.infer<typeof PatchDocumentArgumentsSchema>;

/** `insert_at_cursor`: insert at the caret captured when the message was sent. */
export const InsertAtCursorArgumentsSchema = z.strictObject({ text: EditTextSchema });
export type InsertAtCursorArguments = z.infer<typeof InsertAtCursorArgumentsSchema>;

/** `replace_selection`: replace the non-empty selection captured when the message was sent. */
export const ReplaceSelectionArgumentsSchema = z.strictObject({ text: EditTextSchema });
export type ReplaceSelectionArguments = z.infer<typeof ReplaceSelectionArgumentsSchema>;

/** Each editor-write tool name with its argument schema, for dispatch and tests. */
export const EDIT_TOOL_ARGUMENT_SCHEMAS = {
  replace_lines: ReplaceLinesArgumentsSchema,
  search_replace: SearchReplaceArgumentsSchema,
  patch_document: PatchDocumentArgumentsSchema,
  insert_at_cursor: InsertAtCursorArgumentsSchema,
  replace_selection: ReplaceSelectionArgumentsSchema,
} as const;

/** The model-facing names of the editor-write tools. */
export type EditToolName = keyof typeof EDIT_TOOL_ARGUMENT_SCHEMAS;

/** A validated editor-write call: the tool name and its parsed arguments. */
export type EditToolCall =
  | { readonly tool: 'replace_lines'; readonly arguments: ReplaceLinesArguments }
  | { readonly tool: 'search_replace'; readonly arguments: SearchReplaceArguments }
  | { readonly tool: 'patch_document'; readonly arguments: PatchDocumentArguments }
  | { readonly tool: 'insert_at_cursor'; readonly arguments: InsertAtCursorArguments }
  | { readonly tool: 'replace_selection'; readonly arguments: ReplaceSelectionArguments };
