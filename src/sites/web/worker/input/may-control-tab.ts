// ## Owns
// The one answer to "may trusted input act on this tab now?". The debugger reaches
// any page whatever the extension's host permissions, so this check is what keeps
// input to the sites the person allowed: it is asked before attaching and again
// before every action (the tab may have navigated elsewhere since).
import type { InputFailure } from './debugger-sessions';

/** Whether the person granted this extension the origin (match patterns ignore ports). */
export type OriginGrantCheck = (pattern: string) => Promise<boolean>;

export const browserGrantCheck: OriginGrantCheck = (pattern) =>
  chrome.permissions.contains({ origins: [pattern] });

/** Null when input may act on `url`; otherwise why not. */
export async function mayControlTab(
  url: string | undefined,
  granted: OriginGrantCheck,
): Promise<InputFailure | null> {
  let parsed: URL | null = null;
  try {
    parsed = url ? new URL(url) : null;
  } catch {
    parsed = null;
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    return {
      code: 'INPUT_NOT_ALLOWED',
      message: 'Side Agent only clicks and types on web pages (http and https), not on this tab.',
    };
  }
  const allowed = await granted(`${parsed.protocol}//${parsed.hostname}/*`).catch(() => false);
  if (allowed) return null;
  return {
    code: 'INPUT_NOT_ALLOWED',
    message: `You have not allowed Side Agent on ${parsed.hostname}, so it will not click or type there. Allow the site first if you want it to act.`,
  };
}
