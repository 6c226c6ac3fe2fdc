// Channel: worker -> isolated content script -> MAIN-world runtime (request/response).
// Responses are produced by page code and are untrusted: the worker validates them
// with these schemas before anything else reads them.
import { z } from '../schema/zod';
import { IdSchema, boundedArray, boundedString } from '../schema/bounded';
import { defineRequestChannel, type RequestHandlers } from './define-channel';
import { ProtocolFailure } from './envelope';
import { PageContextSchema } from './page-context';
import { FileIdentitySchema } from './chat-records';
import { DiffViewSchema } from './diff-view';
import { MAX_DOCUMENT_CHARS, MAX_FILE_LABEL_CHARS } from './limits';

// typst.app page methods (src/sites/typst/page). Bounds: study §1.4 and Appendix B.
const Count = z.number().int().min(0);
const Line = z.number().int().min(1);
const Label = boundedString(MAX_FILE_LABEL_CHARS);
const ImageDataUrl = boundedString(2_097_152).regex(
  /^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]*$/,
);
const Hash = z.string().regex(/^[0-9a-f]{64}$/);
const Expected = z.strictObject({
  fileLabel: Label,
  viewToken: boundedString(200),
  length: Count,
  hash: Hash,
});
const Change = z.strictObject({ from: Count, to: Count, insert: boundedString(1_000_000) });
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
/** The send-time identity: which file is open, never its text. */
const TypstIdentity = z.strictObject({
  file: FileIdentitySchema.nullable(),
  editor: z.boolean(),
  viewToken: boundedString(200).nullable(),
  assetPath: Label.nullable(),
});
export type TypstIdentity = z.infer<typeof TypstIdentity>;

export const workerToPage = defineRequestChannel('worker-to-page', ['worker'], {
  /** Reads the page context, including the live editor text on typst.app. */
  'page/get-context': {
    request: z.strictObject({}),
    response: PageContextSchema,
  },
  /** Answers once the isolated relay and the MAIN runtime have shaken hands. */
  'page/ping': {
    request: z.strictObject({}),
    response: z.strictObject({
      runtimeVersion: z.number().int().min(1),
      handshakes: z.number().int().min(0),
    }),
  },
  /** Cancels a pending page request; a late arrival of the target is refused too. */
  'page/cancel': {
    request: z.strictObject({ targetRequestId: IdSchema }),
    response: z.strictObject({ cancelled: z.boolean() }),
  },
  /** Test and diagnostics aid: echoes a bounded string through the whole bridge. */
  'page/echo': {
    request: z.strictObject({ text: boundedString(1_048_576) }),
    response: z.strictObject({ text: boundedString(1_048_576) }),
  },
  /** typst.app: the open file's identity (breadcrumb and fallbacks), no document text. */
  'page/typst-identity': { request: z.strictObject({}), response: TypstIdentity },
  /** typst.app: which parts of the page are usable now. */
  'page/typst-capabilities': { request: z.strictObject({}), response: Capabilities },
  /** typst.app: numbered lines of the live document, bounded, with a continuation line. */
  'page/typst-read-document': {
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
  /** typst.app: the visible Files tree; `complete` is false for collapsed, unknown or cut rows. */
  'page/typst-structure': {
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
  /** typst.app: Improve panel rows merged with the editor's lint marks, plus a compile-idle signal. */
  'page/typst-diagnostics': {
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
  /** typst.app: the live selection, bounded to 65,536 characters of text. */
  'page/typst-selection': {
    request: z.strictObject({}),
    response: z.strictObject({
      anchor: Count,
      head: Count,
      text: boundedString(65_536),
      truncated: z.boolean(),
      fileLabel: Label.nullable(),
    }),
  },
  /** typst.app: the visible preview page or the opened image, as a bounded data URL. */
  'page/typst-capture': {
    request: z.strictObject({ kind: z.enum(['preview', 'image']) }),
    response: z.strictObject({
      dataUrl: ImageDataUrl,
      width: z.number().int().min(1).max(4_096),
      height: z.number().int().min(1).max(4_096),
    }),
  },
  /** typst.app: the full text and identity an edit is prepared against. */
  'page/typst-snapshot': {
    request: z.strictObject({}),
    response: z.strictObject({
      fileLabel: Label,
      viewToken: boundedString(200),
      text: boundedString(MAX_DOCUMENT_CHARS),
      length: Count,
      hash: Hash,
      selection: z.strictObject({ anchor: Count, head: Count }),
    }),
  },
  /** typst.app: atomic compare-and-dispatch; STALE_EDIT_FILE / STALE_EDITOR / STALE_DOCUMENT change nothing. */
  'page/typst-commit': {
    request: z.strictObject({ expected: Expected, changes: boundedArray(Change, 128).min(1) }),
    response: z.strictObject({ applied: Count, length: Count, hash: Hash }),
  },
  /** typst.app: shows the read-only review overlay over the editor (outside CodeMirror's DOM). */
  'page/typst-show-review': {
    request: z.strictObject({
      reviewId: IdSchema,
      viewToken: boundedString(200),
      diff: DiffViewSchema,
    }),
    response: z.strictObject({ shown: z.boolean() }),
  },
  /** typst.app: removes the review overlay; idempotent. */
  'page/typst-clear-review': {
    request: z.strictObject({ reviewId: IdSchema }),
    response: z.strictObject({ cleared: z.boolean() }),
  },
});
export type WorkerToPage = typeof workerToPage;

/** The typst.app page methods (`page/typst-*`). */
export type TypstPageMethod = Extract<keyof WorkerToPage['methods'], `page/typst-${string}`>;

/**
 * Handlers that refuse every typst.app method with PAGE_NO_EDITOR: for routers in
 * tests and benchmarks that exercise the bridge, not the site (the exhaustive
 * handler map still needs an entry per method).
 */
export function refusingTypstHandlers(): Pick<RequestHandlers<WorkerToPage>, TypstPageMethod> {
  const refuse = () => {
    throw new ProtocolFailure('PAGE_NO_EDITOR', 'No typst.app adapter in this context.');
  };
  const names = Object.keys(workerToPage.methods).filter((name) => name.startsWith('page/typst-'));
  return Object.fromEntries(names.map((name) => [name, refuse])) as unknown as Pick<
    RequestHandlers<WorkerToPage>,
    TypstPageMethod
  >;
}
