// ## Owns
// What the file tools need from the browser to save a file, and the one way they
// do it: the fetched bytes go to Downloads as a data: URL under a cleaned file name,
// so the browser never fetches the address again with the person's cookies.
import type { ToolOutcome } from '../../../../worker/tools/define-tool';
import { base64Of } from '../../../../worker/skills/skill-file-save';
import type { Fetcher } from '../network/fetch-request';

export interface FileToolDeps {
  readonly fetcher: Fetcher;
  readonly tabUrl: (tabId: number) => Promise<string | undefined>;
  /** Whether the person let Side Agent save files (the optional Downloads permission). */
  readonly canSave: () => Promise<boolean>;
  /** Starts a browser download of a data: URL. */
  readonly startDownload: (
    url: string,
    filename: string,
  ) => Promise<{ ok: true; downloadId: number } | { ok: false; message: string }>;
}

type Failure = Extract<ToolOutcome, { ok: false }>;

export const notAllowedToSave: Failure = {
  ok: false,
  code: 'DOWNLOAD_NOT_ALLOWED',
  message:
    'Side Agent may not save files yet: the person can allow it in Settings → Skills (Allow saving files). Tell them; do not retry.',
};

/** A name safe for Downloads: word characters, dots and dashes, no leading dot ('' when none is left). */
export const cleanFileName = (name: string) =>
  name
    .replace(/[^\w.-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 100);

/** A file name for `url`: its last path part, cleaned, else "download". */
export function fileNameOf(url: string, contentType: string): string {
  let last = '';
  try {
    last = decodeURIComponent(new URL(url).pathname.split('/').at(-1) ?? '');
  } catch {
    last = '';
  }
  const cleaned = cleanFileName(last);
  if (cleaned) return cleaned;
  return contentType === 'application/pdf' ? 'download.pdf' : 'download';
}

const safeType = (type: string) =>
  /^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : 'application/octet-stream';

export async function saveBytes(
  deps: FileToolDeps,
  bytes: Uint8Array,
  contentType: string,
  filename: string,
): Promise<{ ok: true; downloadId: number } | Failure> {
  const started = await deps.startDownload(
    `data:${safeType(contentType)};base64,${base64Of(bytes)}`,
    `Side Agent/${filename}`,
  );
  if (started.ok) return started;
  return { ok: false, code: 'DOWNLOAD_FAILED', message: started.message };
}
