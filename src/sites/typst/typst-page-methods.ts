// The page methods of typst.app: what the worker may ask the typst.app page for,
// declared once as bounded schemas. The site definition contributes them to the
// worker-to-page channel; the page part answers them. Edits go through the generic
// document methods (src/shared/protocol/document-methods.ts).
import { z } from '../../shared/schema/zod';
import { IdSchema, boundedArray, boundedString } from '../../shared/schema/bounded';
import type { MethodSpec } from '../../shared/protocol/define-channel';
import { FileIdentitySchema } from '../../shared/protocol/chat-records';
import { MAX_FILE_LABEL_CHARS } from '../../shared/protocol/limits';

const Count = z.number().int().min(0);
const Line = z.number().int().min(1);
const Label = boundedString(MAX_FILE_LABEL_CHARS);
const ImageDataUrl = boundedString(2_097_152).regex(
  /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]*$/,
);
const TreeEntry = z.strictObject({
  path: Label,
  kind: z.enum(['file', 'folder', 'unknown']),
  state: z.enum(['expanded', 'collapsed', 'leaf']),
});
const Diagnostic = z.strictObject({
  severity: z.enum(['error', 'warning', 'info']),
  kind: z.enum(['compiler', 'spelling', 'status']),
  source: z.enum(['improve', 'lint', 'both']),
  file: Label.nullable(),
  line: Line.nullable(),
  column: Count.nullable(),
  message: boundedString(2_000),
  original: boundedString(500).optional(),
  suggestion: boundedString(500).optional(),
});
const Capabilities = z.strictObject({
  editor: z.boolean(),
  selection: z.boolean(),
  filesPanel: z.boolean(),
  improvePanel: z.boolean(),
  preview: z.boolean(),
  openedImage: z.boolean(),
});
/** Which file is open and whether an editor shows it; never its text. */
export const TypstIdentitySchema = z.strictObject({
  file: FileIdentitySchema.nullable(),
  editor: z.boolean(),
  viewToken: boundedString(200).nullable(),
  assetPath: Label.nullable(),
  /** The editor's selection range, for the send-time capture; null without an editor. */
  selection: z.strictObject({ anchor: Count, head: Count }).nullable(),
});
export type TypstIdentity = z.infer<typeof TypstIdentitySchema>;

export const typstPageMethods = {
  /** The open file's identity (breadcrumb and fallbacks), no document text. */
  'typst/identity': { request: z.strictObject({}), response: TypstIdentitySchema },
  /** Which parts of the page are usable now. */
  'typst/capabilities': { request: z.strictObject({}), response: Capabilities },
  /** Numbered lines of the live document, bounded, with a continuation line. */
  'typst/read-document': {
    request: z.strictObject({
      startLine: Line.optional(),
      endLine: Line.optional(),
      maxChars: z.number().int().min(1).max(64_000).optional(),
    }),
    response: z.strictObject({
      numbered: boundedString(70_000),
      docChars: Count,
      lineCount: Line,
      startLine: Line,
      endLine: Count,
      truncated: z.boolean(),
      nextStartLine: Line.nullable(),
      cursor: z.strictObject({ line: Line, column: Line }),
    }),
  },
  /** The visible Files tree; `complete` is false for collapsed, unknown or cut rows. */
  'typst/structure': {
    request: z.strictObject({}),
    response: z.strictObject({
      found: z.boolean(),
      entries: boundedArray(TreeEntry, 128),
      truncated: z.boolean(),
      complete: z.boolean(),
      collapsedFolders: boundedArray(Label, 128),
      unknownEntries: boundedArray(Label, 32),
    }),
  },
  /** Improve panel rows merged with the editor's lint marks, plus a compile-idle signal. */
  'typst/diagnostics': {
    request: z.strictObject({}),
    response: z.strictObject({
      panelFound: z.boolean(),
      clean: z.boolean(),
      diagnostics: boundedArray(Diagnostic, 200),
      truncated: z.boolean(),
      errorCount: Count,
      warningCount: Count,
      spellingCount: Count,
      statusCount: Count,
      /** True when the panel has updated since the document last changed (or the change is old). */
      compileIdle: z.boolean(),
    }),
  },
  /** The live selection, bounded to 65,536 characters of text. */
  'typst/selection': {
    request: z.strictObject({}),
    response: z.strictObject({
      anchor: Count,
      head: Count,
      text: boundedString(65_536),
      truncated: z.boolean(),
      fileLabel: Label.nullable(),
      /** The selection's first and last line (1-based) and full length, for quick actions. */
      fromLine: Line.optional(),
      toLine: Line.optional(),
      totalChars: Count.optional(),
    }),
  },
  /** The visible preview page or the opened image, as a bounded data URL. */
  'typst/capture': {
    request: z.strictObject({ kind: z.enum(['preview', 'image']) }),
    response: z.strictObject({
      dataUrl: ImageDataUrl,
      width: z.number().int().min(1).max(4_096),
      height: z.number().int().min(1).max(4_096),
    }),
  },
  /** The text around the cursor of a typing pause the page announced (inline completion). */
  'typst/completion-context': {
    request: z.strictObject({ pauseId: IdSchema.max(64) }),
    response: z.strictObject({
      before: boundedString(8_000),
      after: boundedString(2_000),
      fileLabel: Label.nullable(),
    }),
  },
  /** Shows a continuation as ghost text at that pause's cursor; false once the pause is over. */
  'typst/completion-show': {
    request: z.strictObject({ pauseId: IdSchema.max(64), text: boundedString(2_000).min(1) }),
    response: z.strictObject({ shown: z.boolean() }),
  },
} as const satisfies Record<string, MethodSpec>;
