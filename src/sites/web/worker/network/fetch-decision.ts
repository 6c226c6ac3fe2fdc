// ## Owns
// The one answer to "may fetch_url send this request without asking the person?".
// A request can carry what the agent read (an IBAN in a query string), so where it
// goes matters more than what it reads back:
// 1. Write methods (POST, PUT, PATCH, DELETE) are refused unless the person typed
//    /allow-api in this chat (for the target's origin, or for any); with that leave,
//    every write still asks, showing method, address and body, and is never allowed
//    for the run: each one changes something. Other methods are refused.
// 2. Addresses the extension never reaches (fetch-address.ts) are refused.
// 3. The run's own site (the tab's registrable domain) runs without asking.
// 4. An origin the person named in this chat runs without asking.
// 5. Any other origin asks, with the full address, unless allowed for this run.
import type { CallReview } from '../../../../worker/tools/define-tool';
import type { ApiWrites } from '../../../../shared/protocol/chat-records';
import { personNamed } from '../safety/may-act';
import { bodyForCard, isWriteMethod } from './fetch-write';
import { checkFetchAddress } from './fetch-address';
import { sameSite } from './registrable-domain';
import type { ErrorCode } from '../../../../shared/protocol/error-codes';

export const READ_METHODS = ['GET', 'HEAD'] as const;
export type ReadMethod = (typeof READ_METHODS)[number];

/** What the decision knows about the run, gathered by the caller. */
export interface FetchRunFacts {
  /** The run's tab's address (its site when the tab cannot be read). */
  readonly siteUrl: string;
  /** What the person typed in this chat. */
  readonly personText: readonly string[];
  /** The chat's leave for network writes (/allow-api); absent: none. */
  readonly apiWrites?: ApiWrites;
}

const hostOf = (url: URL) => url.host;

/** The grant "Allow for this run" gives for fetches to one origin. */
export const fetchGrantKey = (origin: string) => `web:fetch:${origin}`;

/** May `method url` run without asking? Refused, asked (with the words), or not asked. */
export function mayFetchWithoutAsking(
  method: string,
  url: string,
  run: FetchRunFacts,
  body = '',
): CallReview {
  const verb = method.toUpperCase();
  const isWrite = isWriteMethod(verb);
  if (!isWrite && !(READ_METHODS as readonly string[]).includes(verb))
    return refusedWith(
      'FETCH_METHOD_NOT_ALLOWED',
      `fetch_url sends GET, HEAD, POST, PUT, PATCH or DELETE, not ${verb}.`,
    );
  if (!isWrite && body !== '')
    return refusedWith('FETCH_REQUEST_REFUSED', `${verb} sends no body; use POST or PUT.`);
  const address = checkFetchAddress(url, run.siteUrl);
  if (!address.ok) {
    return {
      ask: 'refused',
      outcome: { ok: false, code: address.code, message: address.message },
    };
  }
  const target = address.url;
  if (isWrite) return reviewWrite(verb, target, run, body);
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

function refusedWith(code: ErrorCode, message: string, summary?: string): CallReview {
  return {
    ask: 'refused',
    outcome: { ok: false, code, message, ...(summary ? { summary } : {}) },
  };
}

/** Whether the chat's leave covers writes to `origin`. */
export function writesAllowed(apiWrites: ApiWrites | undefined, origin: string): boolean {
  if (!apiWrites) return false;
  return apiWrites.origins.length === 0 || apiWrites.origins.includes(origin);
}

function reviewWrite(verb: string, target: URL, run: FetchRunFacts, body: string): CallReview {
  if (!writesAllowed(run.apiWrites, target.origin)) {
    const command = run.apiWrites ? `/allow-api ${target.host}` : '/allow-api';
    return refusedWith(
      'FETCH_WRITES_NOT_ALLOWED',
      `${verb} changes things on a server: it needs the person to type ${command} in this chat, which they have not done. Do not retry; tell the person.`,
      `Not sent: ${verb} needs ${command} in this chat`,
    );
  }
  // No grant key: a write is never allowed for the run; each one asks.
  return {
    ask: true,
    effect: `${verb} ${target.href}`,
    reason: `It sends a change to ${hostOf(target)} (${verb}) with the body below; the body can carry what the agent read.`,
    destination: target.href,
    grantKey: null,
    detail: bodyForCard(body),
  };
}
