// ## Owns
// The one answer to "may fetch_url send this request without asking the person?".
// A request can carry what the agent read (an IBAN in a query string), so where it
// goes matters more than what it reads back:
// 1. Write methods are refused: they need the person's leave for API writes in this
//    chat, which only the person can give.
// 2. Addresses the extension never reaches (fetch-address.ts) are refused.
// 3. The run's own site (the tab's registrable domain) runs without asking.
// 4. An origin the person named in this chat runs without asking.
// 5. Any other origin asks, with the full address, unless allowed for this run.
import type { CallReview } from '../../../../worker/tools/define-tool';
import { personNamed } from '../safety/may-act';
import { checkFetchAddress } from './fetch-address';
import { sameSite } from './registrable-domain';

export const READ_METHODS = ['GET', 'HEAD'] as const;
export type ReadMethod = (typeof READ_METHODS)[number];

/** What the decision knows about the run, gathered by the caller. */
export interface FetchRunFacts {
  /** The run's tab's address (its site when the tab cannot be read). */
  readonly siteUrl: string;
  /** What the person typed in this chat. */
  readonly personText: readonly string[];
}

const hostOf = (url: URL) => url.host;

/** The grant "Allow for this run" gives for fetches to one origin. */
export const fetchGrantKey = (origin: string) => `web:fetch:${origin}`;

/** May `method url` run without asking? Refused, asked (with the words), or not asked. */
export function mayFetchWithoutAsking(method: string, url: string, run: FetchRunFacts): CallReview {
  const verb = method.toUpperCase();
  if (!(READ_METHODS as readonly string[]).includes(verb)) {
    return {
      ask: 'refused',
      outcome: {
        ok: false,
        code: 'FETCH_METHOD_NOT_ALLOWED',
        message: `fetch_url only reads (GET or HEAD). ${verb} changes things on a server: it needs the person to allow API writes for this chat, which they have not done. Do not retry; tell the person.`,
        summary: `Not sent: ${verb} needs API writes allowed for this chat`,
      },
    };
  }
  const address = checkFetchAddress(url, run.siteUrl);
  if (!address.ok) {
    return {
      ask: 'refused',
      outcome: { ok: false, code: address.code, message: address.message },
    };
  }
  const target = address.url;
  if (sameSite(target.href, run.siteUrl)) return { ask: false };
  if (personNamed(target.origin, run.personText)) return { ask: false };
  return {
    ask: true,
    effect: `${verb} ${target.href}`,
    reason: `It sends a request to ${hostOf(target)}, a site you have not named in this chat; the address can carry what the agent read.`,
    destination: target.href,
    grantKey: fetchGrantKey(target.origin),
  };
}
