// ## Owns
// Taking `notifications/progress` out of an MCP SSE response stream before the
// SDK reads it: each progress event is handed to `onProgress` and dropped from
// the stream; every other event passes through unchanged, in order.
// ## Why
// The SDK validates every SSE message with zod against the whole JSON-RPC union
// before dispatching it; for a tool that reports progress a thousand times, that
// validation and the timer reset behind each one cost ten times the call itself.
// Progress needs only three fields, so it is read here with a cheap check and
// JSON.parse, and the call's inactivity limit is reset from the same callback.
// ## A stream cut off mid-event
// A stream that ends inside an event (a truncated line, no blank line after it)
// lost that event: SSE parsers drop it, and the SDK then waits for an answer that
// can no longer come until the time limit. Unless the server numbered its events
// (then the SDK resumes from the last one), the partial event is replaced by one
// message of ours, after every event that did arrive, so the transport guard can
// tell at once whether a request was left unanswered (mcp-transport-guard.ts).

import { throughSteps, type BodyStep } from '../body-steps';

/** What a progress notification carries. */
export interface ProgressParams {
  readonly progressToken: unknown;
  readonly progress: number;
  readonly total?: number | undefined;
  readonly message?: string | undefined;
}

const PROGRESS_METHOD = '"notifications/progress"';

/** The method of the message that stands in for an event a stream cut off. */
export const CUT_OFF_METHOD = 'side-agent/stream-cut-off';
const CUT_OFF_EVENT = `event: message\ndata: {"jsonrpc":"2.0","method":"${CUT_OFF_METHOD}"}\n\n`;

function progressOf(event: string): ProgressParams | null {
  // Only an event whose data names the method is parsed at all.
  if (!event.includes(PROGRESS_METHOD)) return null;
  let data = '';
  for (const line of event.split('\n')) {
    if (line.startsWith('data:'))
      data += (data === '' ? '' : '\n') + line.slice(line[5] === ' ' ? 6 : 5);
  }
  let message: unknown;
  try {
    message = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof message !== 'object' || message === null) return null;
  const fields = message as Record<string, unknown>;
  if (fields['method'] !== 'notifications/progress' || fields['id'] !== undefined) return null;
  const params = fields['params'] as Record<string, unknown> | undefined;
  if (typeof params !== 'object' || params === null || typeof params['progress'] !== 'number')
    return null;
  return {
    progressToken: params['progressToken'],
    progress: params['progress'],
    total: typeof params['total'] === 'number' ? params['total'] : undefined,
    message: typeof params['message'] === 'string' ? params['message'] : undefined,
  };
}

/**
 * `body` without its progress events when `onProgress` is given (it sees each one
 * as it arrives), and with a stand-in message for an event the stream cut off.
 */
export function takeProgress(
  body: ReadableStream<Uint8Array>,
  onProgress: ((params: ProgressParams) => void) | undefined,
): ReadableStream<Uint8Array> {
  return throughSteps(body, [progressStep(onProgress)]);
}

/** {@link takeProgress} as a body step, to share one stream with other steps. */
export function progressStep(onProgress: ((params: ProgressParams) => void) | undefined): BodyStep {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  // The text after the last complete event, in the pieces it arrived in: a long
  // event arriving in small reads is joined once when it ends. Appending to one
  // string instead made every read's search copy everything pending so far.
  let pieces: string[] = [];
  let lastChar = '';
  let endedWithCr = false;
  // Numbered events make the SDK resume a dropped stream; then nothing stands in.
  let isResumable = false;
  const normalize = (text: string) => {
    // Line endings are normalized so one separator search covers \n, \r\n and \r.
    let normalized = endedWithCr && text.startsWith('\n') ? text.slice(1) : text;
    endedWithCr = normalized.endsWith('\r');
    if (normalized.includes('\r')) normalized = normalized.replace(/\r\n?/g, '\n');
    return normalized;
  };
  const take = (event: string): string => {
    if (!isResumable && (event.startsWith('id:') || event.includes('\nid:'))) isResumable = true;
    const progress = onProgress === undefined ? null : progressOf(event);
    if (progress === null) return event;
    onProgress?.(progress);
    return '';
  };
  const feed = (text: string, isEnd: boolean): Uint8Array | null => {
    // The last pending character goes in front, so a blank line split across two
    // reads is found; it is not part of the new text, hence `start` skips it.
    const combined = lastChar + text;
    let start = lastChar.length;
    let kept = '';
    for (let end = combined.indexOf('\n\n'); end !== -1; end = combined.indexOf('\n\n', start)) {
      kept += take(pieces.join('') + combined.slice(start, end + 2));
      pieces = [];
      start = end + 2;
    }
    if (start < combined.length) pieces.push(combined.slice(start));
    const tail = pieces.at(-1);
    lastChar = tail === undefined ? '' : tail.slice(-1);
    if (isEnd && pieces.length > 0) {
      const pending = pieces.join('');
      // Only blank lines left is a clean end; anything else is an event cut off.
      if (pending.trim() !== '' && !isResumable) kept += CUT_OFF_EVENT;
      else kept += pending;
      pieces = [];
    }
    return kept === '' ? null : encoder.encode(kept);
  };
  return {
    transform: (chunk) => feed(normalize(decoder.decode(chunk, { stream: true })), false),
    flush: () => feed(normalize(decoder.decode()), true),
  };
}
