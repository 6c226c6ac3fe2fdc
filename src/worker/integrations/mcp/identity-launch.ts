// ## Owns
// Sending the person to an authorization page through the browser's identity API
// (chrome.identity in Chromium, browser.identity in Firefox; both answer with a
// promise in MV3) and turning what the browser says into words a person can act on.
// ## Why the browser's reasons are read here
// Both browsers reject the flow with a bare Error whose message is the only clue:
// Chromium says "Authorization page could not be loaded." when the page (or a page
// it redirected to) did not load, and "The user did not approve access." when the
// window was closed; Firefox says "User cancelled or denied access." for a closed
// window. A load failure needs a different next step (check the server) than a
// closed window (sign in again), so the two are told apart; anything else keeps
// the browser's own words.
import { raceAbort, signalReason } from '../../../shared/lib/abort';
import { IntegrationError } from '../integration-error';
import type { LaunchAuthFlow } from './mcp-auth';

/** The part of the identity API a sign-in uses; the same in Chromium and Firefox. */
export interface IdentityApi {
  launchWebAuthFlow(details: { url: string; interactive: boolean }): Promise<string | undefined>;
  getRedirectURL(path?: string): string;
}

/** Longest browser reason quoted back; it is the browser's text, kept short. */
const MAX_REASON = 200;

const reasonOf = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).slice(0, MAX_REASON);

/** The failure a rejected (or empty) flow ends in. */
export function identityFailure(error: unknown): IntegrationError {
  const reason = error === undefined ? '' : reasonOf(error);
  if (/could not be loaded/i.test(reason))
    return new IntegrationError(
      'MCP_AUTH_FAILED',
      'The sign-in page could not be loaded: the authorization server sent the sign-in ' +
        'window to an address that did not answer. Check the server, then sign in again.',
    );
  if (reason === '' || /did not approve|cancelled or denied/i.test(reason))
    return new IntegrationError(
      'MCP_AUTH_FAILED',
      'The sign-in window was closed before it finished; sign in again.',
    );
  return new IntegrationError(
    'MCP_AUTH_FAILED',
    `The browser ended the sign-in: ${reason} Sign in again.`,
  );
}

/** A launcher over `identity`: resolves with the callback URL, or fails in plain words. */
export function createIdentityLauncher(identity: IdentityApi): LaunchAuthFlow {
  return async (url, signal) => {
    const flow = identity.launchWebAuthFlow({ url: url.href, interactive: true }).then(
      (returned) => {
        if (typeof returned !== 'string' || returned === '') throw identityFailure(undefined);
        return returned;
      },
      (error: unknown) => {
        throw identityFailure(error);
      },
    );
    // Stop ends the wait; the browser keeps its window until the person closes it.
    return raceAbort(flow, signal, signalReason);
  };
}
