// typst.app URLs: which pages the typst site owns and how a project id is read from
// them. Pure, so the worker, the manifest and the page all agree.

/** Origin the typst integration runs on. */
export const TYPST_ORIGIN = 'https://typst.app';
/** Match pattern for manifests, scripting registration and tab queries. */
export const TYPST_MATCH_PATTERN = 'https://typst.app/*';

/** True for any page on typst.app (the editor lives under /project/<id>). */
export function isTypstUrl(url: string | undefined): boolean {
  if (!url) return false;
  try {
    return new URL(url).origin === TYPST_ORIGIN;
  } catch {
    return false;
  }
}

/** The project id of `https://typst.app/project/<id>`, or null. */
export function typstProjectId(url: string | undefined): string | null {
  if (!isTypstUrl(url) || url === undefined) return null;
  const match = /^\/project\/([A-Za-z0-9_-]{1,128})(?:[/?#]|$)/.exec(new URL(url).pathname);
  return match?.[1] ?? null;
}
