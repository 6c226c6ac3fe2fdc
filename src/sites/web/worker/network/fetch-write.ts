// ## Owns
// What a network write (POST, PUT, PATCH, DELETE) may carry: a bounded text or JSON
// body, and only headers that are safe to send on the person's behalf (never Cookie,
// Authorization or anything else that proves who the person is), and how the body
// reads on the approval card (JSON pretty-printed, cut to a bound).
import type { ErrorCode } from '../../../../shared/protocol/error-codes';

export const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type WriteMethod = (typeof WRITE_METHODS)[number];

/** Bytes of a write's body sent at most. */
export const MAX_WRITE_BODY_BYTES = 64 * 1024;
/** Characters of a body shown on the approval card at most. */
export const MAX_CARD_BODY_CHARS = 4_000;

/** Headers a write may set: they describe the content, never the person. */
const SAFE_HEADERS = new Set([
  'content-type',
  'accept',
  'accept-language',
  'if-match',
  'if-none-match',
  'x-requested-with',
]);

export const isWriteMethod = (verb: string): verb is WriteMethod =>
  (WRITE_METHODS as readonly string[]).includes(verb);

export type WriteCheck =
  | { readonly ok: true; readonly headers: Record<string, string>; readonly body: string }
  | { readonly ok: false; readonly code: ErrorCode; readonly message: string };

const isJson = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

/** May this body and these headers go with a write? The headers as sent, or a refusal. */
export function checkWritePayload(
  body: string | undefined,
  headers: Readonly<Record<string, string>> | undefined,
): WriteCheck {
  const text = body ?? '';
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_WRITE_BODY_BYTES)
    return {
      ok: false,
      code: 'FETCH_REQUEST_REFUSED',
      message: `The body is ${bytes} bytes; fetch_url sends at most ${MAX_WRITE_BODY_BYTES}. Send less.`,
    };
  const sent: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    const key = name.toLowerCase();
    if (!SAFE_HEADERS.has(key))
      return {
        ok: false,
        code: 'FETCH_REQUEST_REFUSED',
        message: `fetch_url does not send the header ${name}; only ${[...SAFE_HEADERS].join(', ')}. Cookies and credentials are never sent from the model.`,
      };
    if (/[\r\n]/.test(value))
      return {
        ok: false,
        code: 'FETCH_REQUEST_REFUSED',
        message: `The header ${name} has a line break.`,
      };
    sent[key] = value;
  }
  if (text !== '' && sent['content-type'] === undefined)
    sent['content-type'] = isJson(text) ? 'application/json' : 'text/plain;charset=utf-8';
  return { ok: true, headers: sent, body: text };
}

/** The body as the approval card shows it: JSON indented, cut with the count left out. */
export function bodyForCard(body: string): string {
  if (body === '') return '(no body)';
  let shown = body;
  try {
    shown = JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    shown = body;
  }
  if (shown.length <= MAX_CARD_BODY_CHARS) return shown;
  return `${shown.slice(0, MAX_CARD_BODY_CHARS)}\n… (${shown.length - MAX_CARD_BODY_CHARS} more characters not shown)`;
}
