// The page context a site adapter reports: what page this is and, on typst.app,
// the live editor's text. Shared by the worker-to-page and panel-to-worker channels.
import { z } from '../schema/zod';
import { boundedString } from '../schema/bounded';
import { MAX_DOCUMENT_CHARS, MAX_FILE_LABEL_CHARS, MAX_TITLE_CHARS, MAX_URL_CHARS } from './limits';

export const SiteIdSchema = z.enum(['typst', 'web']);
export type SiteId = z.infer<typeof SiteIdSchema>;

export const EditorSnapshotSchema = z.strictObject({
  /** A token that changes whenever the page recreates its EditorView. */
  viewToken: boundedString(200),
  text: boundedString(MAX_DOCUMENT_CHARS),
  length: z.number().int().min(0),
  lineCount: z.number().int().min(1),
  /** How the view was reached: the CodeMirror >= 6.39 `cmTile` or older `cmView`. */
  backReference: z.enum(['cmTile', 'cmView']),
});
export type EditorSnapshot = z.infer<typeof EditorSnapshotSchema>;

export const PageContextSchema = z.strictObject({
  siteId: SiteIdSchema,
  url: boundedString(MAX_URL_CHARS),
  title: boundedString(MAX_TITLE_CHARS),
  /** The open file as the page names it, e.g. `chapters/intro.typ`; null when unknown. */
  fileLabel: boundedString(MAX_FILE_LABEL_CHARS).nullable(),
  editor: EditorSnapshotSchema.nullable(),
});
export type PageContext = z.infer<typeof PageContextSchema>;
