// ## Owns
// The answer to "may trusted input act on this tab now?". The debugger reaches any
// page whatever the extension's host permissions, so this check is what keeps input
// to the sites the person allowed: it is asked before attaching and again before
// every action (the tab may have navigated elsewhere since). It is the bridge's own
// verdict (`mayBridgeRun`, over the same facts), so a site allowed "Only now" on
// this tab can be acted on exactly as it can be read, and nowhere else.
import { mayBridgeRun, type AccessFacts } from '../../../../worker/site-access/bridge-access';
import type { InputFailure } from './debugger-sessions';

/** The facts site access decides with, read fresh; null where there are none. */
export type AccessFactsReader = () => Promise<AccessFacts | null>;

const refusal = (message: string): InputFailure => ({ code: 'INPUT_NOT_ALLOWED', message });

/** Null when input may act on `url` in `tabId`; otherwise why not. */
export async function mayControlTab(
  tabId: number,
  url: string | undefined,
  readFacts: AccessFactsReader,
): Promise<InputFailure | null> {
  let parsed: URL | null = null;
  try {
    parsed = url ? new URL(url) : null;
  } catch {
    parsed = null;
  }
  if (!url || !parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:'))
    return refusal(
      'Side Agent only clicks and types on web pages (http and https), not on this tab.',
    );
  const facts = await readFacts().catch(() => null);
  if (facts && mayBridgeRun({ tabId, topUrl: url }, facts).run) return null;
  return refusal(
    `You have not allowed Side Agent on ${parsed.hostname}, so it will not click or type there. Allow the site first if you want it to act.`,
  );
}
