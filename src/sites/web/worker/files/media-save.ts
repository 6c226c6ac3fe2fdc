// ## Owns
// Saving media a page shows through the one Downloads gate: network addresses are
// fetched by download_files' path (fetch-decision, size bound, saveBytes, the run's
// file store); blob: and data: resources are read by the page (web/media-bytes) and
// saved the same way. One review lists every file; streams are refused in words.
// ## Never
// Saves bytes whose type is not what the element shows (a page's HTML as an image),
// or a file other than the ones the person was asked about.
import type { ToolOutcome, JsonValue, ToolRunContext } from '../../../../worker/tools/define-tool';
import type { CallReview } from '../../../../worker/tools/define-tool';
import type { MediaResource } from '../../methods/media-methods';
import { inPool, MAX_CONCURRENT_DOWNLOADS } from './download-files.tool';
import { fileRunFacts, reviewDownloads } from './download-review';
import { fetchFile } from './file-fetch';
import { keepFile, reserveDownloads } from './file-store';
import { extensionOf, fitsKind, mediaTypeOf } from './media-type';
import { cleanFileName, fileNameOf, saveBytes, type FileToolDeps } from './save-file';

type Failure = Extract<ToolOutcome, { ok: false }>;
type Entry = { [key: string]: JsonValue };

const isNetwork = (url: string) => /^https?:/i.test(url);
const isPageHeld = (url: string) => /^(blob|data):/i.test(url);

/** The resources split by how they are had; streams and other schemes cannot be. */
export interface MediaPlan {
  readonly network: readonly MediaResource[];
  readonly fromPage: readonly MediaResource[];
  readonly refused: readonly { readonly resource: MediaResource; readonly failure: Failure }[];
}

export function streamRefusal(resource: MediaResource): Failure {
  return {
    ok: false,
    code: 'MEDIA_STREAMING',
    message: `${resource.target} plays a stream (a playlist or a MediaSource feed), not one file, so it cannot be saved as a file. Nothing was saved; tell the person the site's own download or share option may offer the file.`,
  };
}

export function planMedia(resources: readonly MediaResource[]): MediaPlan {
  const network: MediaResource[] = [];
  const fromPage: MediaResource[] = [];
  const refused: { resource: MediaResource; failure: Failure }[] = [];
  for (const resource of resources) {
    if (resource.streaming) refused.push({ resource, failure: streamRefusal(resource) });
    else if (isNetwork(resource.url)) network.push(resource);
    else if (isPageHeld(resource.url)) fromPage.push(resource);
    else
      refused.push({
        resource,
        failure: {
          ok: false,
          code: 'MEDIA_UNREADABLE',
          message: `${resource.target} holds ${resource.url.slice(0, 60)}, an address Side Agent does not download (only http, https, blob: and data:).`,
        },
      });
  }
  return { network, fromPage, refused };
}

/** How a page-held file is named on the card: what it is and which element holds it. */
const pageLabel = (resource: MediaResource) =>
  `${resource.kind === 'file' ? 'a file' : `the ${resource.kind}`} the page holds (${resource.target})`;

/** The files a plan would save, as the card named them (so a changed page is caught). */
export const plannedFiles = (plan: MediaPlan) => [
  ...plan.network.map((resource) => resource.url),
  ...plan.fromPage.map((resource) => `${resource.ref} ${resource.url}`),
];

/** Refused (nothing to save, or the gate refuses) or asked, for saving a plan's files. */
export async function reviewMedia(
  plan: MediaPlan,
  deps: FileToolDeps,
  context: ToolRunContext,
): Promise<CallReview> {
  if (plan.network.length + plan.fromPage.length === 0)
    return { ask: 'refused', outcome: plan.refused[0]!.failure };
  return reviewDownloads(
    plan.network.map((resource) => resource.url),
    deps,
    context,
    plan.fromPage.map(pageLabel),
  );
}

/** The file's name: the link's download name, else the address's, with its type's extension. */
export function mediaFileName(resource: MediaResource, type: string): string {
  const own = cleanFileName(resource.downloadName);
  const base = own || (isNetwork(resource.url) ? fileNameOf(resource.url, type) : resource.kind);
  const extension = extensionOf(type);
  return extension && !/\.\w{1,5}$/.test(base) ? `${base}.${extension}` : base;
}

function bytesOfBase64(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

const PAGE_FAILURES = {
  revoked:
    'the page no longer holds its bytes (the blob: address was released, or belongs to another site)',
  malformed: 'its address is not one the page can read',
} as const;

/** The bytes a page-held resource has, or why it has none. */
async function pageBytes(
  resource: MediaResource,
  context: ToolRunContext,
): Promise<{ ok: true; type: string; bytes: Uint8Array } | Failure> {
  const answer = await context.page.request('web/media-bytes', {
    ref: resource.ref,
    url: resource.url,
  });
  if (!answer.ok) return { ok: false, code: answer.error.code, message: answer.error.message };
  const file = answer.data;
  if (file.status === 'read')
    return { ok: true, type: file.type, bytes: bytesOfBase64(file.base64) };
  if (file.status === 'too-large')
    return {
      ok: false,
      code: 'DOWNLOAD_TOO_LARGE',
      message: `${resource.target} holds ${file.size} bytes, more than a download may be; nothing was saved.`,
    };
  if (file.status === 'unreadable') {
    if (file.why === 'stream') return streamRefusal(resource);
    return {
      ok: false,
      code: 'MEDIA_UNREADABLE',
      message: `${resource.target} cannot be saved: ${PAGE_FAILURES[file.why]}. Nothing was saved; a screenshot may show it instead.`,
    };
  }
  return {
    ok: false,
    code: 'PAGE_REF_NOT_FOUND',
    message: `e${resource.ref} changed or went away since the page was read; nothing was saved. Look at the page again for fresh refs.`,
  };
}

/** Fetches or reads one resource, checks its type and saves it; the entry the model sees. */
async function saveOne(
  resource: MediaResource,
  deps: FileToolDeps,
  context: ToolRunContext,
): Promise<Entry> {
  const ref = `e${resource.ref}`;
  const url = isNetwork(resource.url) ? resource.url : resource.url.slice(0, 100);
  let got: { ok: true; type: string; bytes: Uint8Array; url: string } | Failure;
  if (isNetwork(resource.url)) {
    const run = await fileRunFacts(deps, context);
    const fetched = await fetchFile(resource.url, run, deps.fetcher, context.signal);
    got = fetched.ok
      ? {
          ok: true,
          type: fetched.file.contentType,
          bytes: fetched.file.bytes,
          url: fetched.file.url,
        }
      : fetched;
  } else {
    const read = await pageBytes(resource, context);
    got = read.ok ? { ...read, url } : read;
  }
  if (!got.ok) return { ref, url, code: got.code, message: got.message };
  const type = mediaTypeOf(got.type, got.bytes);
  if (!fitsKind(resource.kind, type))
    return {
      ref,
      url,
      code: 'MEDIA_NOT_MEDIA',
      message: `${resource.target} is an ${resource.kind} element, but its address gave ${type || 'an unknown type'}, not ${resource.kind === 'image' ? 'an image' : 'video or audio'}; nothing was saved.`,
    };
  const filename = mediaFileName(resource, type);
  const saved = await saveBytes(deps, got.bytes, type, filename);
  if (!saved.ok) return { ref, url, code: saved.code, message: saved.message };
  keepFile(context.runId, {
    downloadId: saved.downloadId,
    url: got.url,
    filename,
    contentType: type,
    size: got.bytes.byteLength,
    bytes: got.bytes,
  });
  return {
    ref,
    url,
    downloadId: saved.downloadId,
    filename,
    contentType: type,
    size: got.bytes.byteLength,
  };
}

/** Saves a reviewed plan's files; refused entries are listed with their reasons. */
export async function saveMedia(
  plan: MediaPlan,
  deps: FileToolDeps,
  context: ToolRunContext,
): Promise<{ ok: true; files: Entry[]; saved: number } | Failure> {
  const wanted = [...plan.network, ...plan.fromPage];
  if (!reserveDownloads(context.runId, wanted.length))
    return {
      ok: false,
      code: 'DOWNLOAD_LIMIT_REACHED',
      message: 'The run’s download cap is reached.',
    };
  const files = await inPool(wanted, MAX_CONCURRENT_DOWNLOADS, (resource) =>
    saveOne(resource, deps, context),
  );
  for (const { resource, failure } of plan.refused)
    files.push({ ref: `e${resource.ref}`, code: failure.code, message: failure.message });
  const saved = files.filter((file) => 'downloadId' in file).length;
  if (saved > 0) return { ok: true, files, saved };
  const first = files[0]!;
  return {
    ok: false,
    code: first['code'] as Failure['code'],
    message: String(first['message']),
    details: { files },
  };
}
