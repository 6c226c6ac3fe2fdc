// ## Owns
// What of a run may land in a trace: every string passes the shared secret detector
// (a match becomes a marker naming its kind), and fields that carry credentials by
// their name (API keys, Authorization and other headers, cookies, passwords) are
// dropped whole, whatever their value looks like. Then the detail is serialized and
// cut to its cap, with the cut said in the text.
import { findSecrets } from './secret-text';
import { MAX_TRACE_DETAIL_CHARS } from '../protocol/trace-records';

/** Fields never stored, matched on the whole field name. */
const CREDENTIAL_FIELD =
  /^(?:api[-_ ]?key|x-api-key|authorization|proxy-authorization|headers|cookie|set-cookie|password|passwd|secret|access[-_ ]?token|refresh[-_ ]?token)$/i;
const MAX_DEPTH = 40;

export const secretMarker = (kind: string) => `[secret removed: ${kind}]`;

/** `text` with every secret the detector finds replaced by a marker. */
export function scrubText(text: string): string {
  const found = findSecrets(text);
  if (found.length === 0) return text;
  let out = '';
  let at = 0;
  for (const match of found) {
    // Overlapping matches (a labelled key) are covered by the first marker.
    if (match.index < at) continue;
    out += text.slice(at, match.index) + secretMarker(match.kind);
    at = match.index + match.length;
  }
  return out + text.slice(at);
}

/** A copy of `value` fit for a trace: strings scrubbed, credential fields dropped. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= MAX_DEPTH) return '[nested too deep]';
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (CREDENTIAL_FIELD.test(key)) continue;
    out[scrubText(key)] = scrubValue(item, depth + 1);
  }
  return out;
}

/** The stored detail text: scrubbed JSON, cut at the cap. */
export function traceDetail(value: unknown): string {
  if (value === undefined) return '';
  let text: string;
  try {
    text = JSON.stringify(scrubValue(value), null, 2) ?? '';
  } catch {
    text = '"[not serializable]"';
  }
  return text.length > MAX_TRACE_DETAIL_CHARS
    ? `${text.slice(0, MAX_TRACE_DETAIL_CHARS)}\n[cut: ${text.length} characters in all]`
    : text;
}
