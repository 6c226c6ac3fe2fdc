// ## Owns
// Fetching a finished download job's file the way every skill request goes (HTTPS,
// no credentials, no redirect, bounded) and handing it to Downloads as a data: URL,
// so the browser never re-fetches it with the person's cookies.
import { readBoundedBody } from '../integrations/bounded-body';
import { toIntegrationFailure } from '../integrations/integration-error';
import type { SaveDownload, SkillDownloadDeps } from './skill-download-job';
import { SKILL_DOWNLOAD_MAX_BYTES } from './skill-download-job';
import type { SkillFailure } from './skill-fetch';

type StartDownload = (
  url: string,
  filename: string,
) => Promise<{ ok: true; downloadId: number } | SkillFailure>;

/** `bytes` as base64, in slices so a large file does not overflow the call stack. */
export function base64Of(bytes: Uint8Array): string {
  let binary = '';
  for (let index = 0; index < bytes.length; index += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
  return btoa(binary);
}

/** A SaveDownload over `fetch` and the browser's download starter. */
export function createFileSaver(
  deps: Pick<SkillDownloadDeps, 'fetch'>,
  start: StartDownload,
): SaveDownload {
  return async ({ url, filename, signal }) => {
    try {
      const response = await deps.fetch(url, {
        redirect: 'manual',
        credentials: 'omit',
        cache: 'no-store',
        referrerPolicy: 'no-referrer',
        signal,
      });
      if (!response.ok)
        return {
          ok: false,
          code: 'SKILL_DOWNLOAD_FAILED',
          message: `The job's file could not be fetched (HTTP ${response.status}).`,
        };
      const { bytes } = await readBoundedBody(
        response,
        SKILL_DOWNLOAD_MAX_BYTES,
        'SKILL_DOWNLOAD_FAILED',
      );
      const type = (response.headers.get('content-type') ?? 'application/octet-stream')
        .split(';')[0]!
        .trim();
      const safeType = /^[\w.+-]+\/[\w.+-]+$/.test(type) ? type : 'application/octet-stream';
      return await start(`data:${safeType};base64,${base64Of(bytes)}`, filename);
    } catch (error) {
      return toIntegrationFailure(error, 'SKILL_DOWNLOAD_FAILED', signal) as SkillFailure;
    }
  };
}
