// ## Owns
// Saving a file through the browser's Downloads (chrome.downloads), the only worker
// file that calls it. The permission is optional: the person grants it from
// Settings → Skills, and without it a save is refused with plain words.
import type { SkillFailure } from '../skills/skill-fetch';

/** Starts a download of `url` (a data: URL we built) under `filename`. */
export async function startBrowserDownload(
  url: string,
  filename: string,
): Promise<{ ok: true; downloadId: number } | SkillFailure> {
  const downloads = globalThis.chrome?.downloads;
  const granted = await globalThis.chrome?.permissions
    ?.contains({ permissions: ['downloads'] })
    .catch(() => false);
  if (!downloads || granted === false)
    return {
      ok: false,
      code: 'SKILL_DOWNLOAD_FAILED',
      message:
        'Side Agent may not save files yet. The person can allow it in Settings → Skills (Allow saving files).',
    };
  try {
    const downloadId = await downloads.download({ url, filename, conflictAction: 'uniquify' });
    return { ok: true, downloadId };
  } catch (error) {
    return {
      ok: false,
      code: 'SKILL_DOWNLOAD_FAILED',
      message: `The browser did not save the file: ${error instanceof Error ? error.message : 'unknown reason'}`,
    };
  }
}
