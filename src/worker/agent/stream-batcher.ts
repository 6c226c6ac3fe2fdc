// ## Owns
// Coalescing model deltas into `run/stream` batches: adjacent
// same-channel text is merged, channel order is preserved, a batch waits at most
// 32 ms after its first delta, and it is flushed before tool events and at terminal.
// ## Why the caps live here
// The panel validates every batch against MAX_STREAM_PARTS_PER_BATCH and
// MAX_STREAM_TEXT_PER_PART; a batch over either is rejected whole. So a long delta is split into parts and a full batch is sent at once.
import { MAX_STREAM_PARTS_PER_BATCH, MAX_STREAM_TEXT_PER_PART } from '../../shared/protocol/limits';
import { STREAM_BATCH_MS } from './run-limits';

export type StreamChannel = 'text' | 'reasoning';
export interface StreamBatch {
  readonly sequence: number;
  readonly parts: { channel: StreamChannel; text: string }[];
}

export interface BatcherOptions {
  readonly send: (batch: StreamBatch) => void;
  readonly delayMs?: number;
  readonly maxParts?: number;
  readonly maxPartChars?: number;
  readonly setTimer?: (callback: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
}

/** Where to cut `text` at most `max` units in, without splitting a surrogate pair. */
function cutAt(text: string, max: number): number {
  if (text.length <= max) return text.length;
  const code = text.charCodeAt(max - 1);
  return code >= 0xd800 && code <= 0xdbff && max > 1 ? max - 1 : max;
}

export function createStreamBatcher(options: BatcherOptions) {
  const delayMs = options.delayMs ?? STREAM_BATCH_MS;
  const maxParts = options.maxParts ?? MAX_STREAM_PARTS_PER_BATCH;
  const maxPartChars = options.maxPartChars ?? MAX_STREAM_TEXT_PER_PART;
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer =
    options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  let parts: { channel: StreamChannel; text: string }[] = [];
  let sequence = 0;
  let timer: unknown = null;
  let closed = false;

  const flush = () => {
    if (timer !== null) {
      clearTimer(timer);
      timer = null;
    }
    if (parts.length === 0 || closed) return;
    const batch = { sequence: ++sequence, parts };
    parts = [];
    options.send(batch);
  };

  return {
    /** Queues a delta; sends a full batch at once, else within `delayMs`. */
    push(channel: StreamChannel, text: string) {
      if (closed || text === '') return;
      let rest = text;
      while (rest !== '') {
        const last = parts.at(-1);
        if (last && last.channel === channel && last.text.length < maxPartChars) {
          const take = cutAt(rest, maxPartChars - last.text.length);
          if (take > 0) {
            last.text += rest.slice(0, take);
            rest = rest.slice(take);
            continue;
          }
        }
        if (parts.length >= maxParts) flush();
        const take = cutAt(rest, maxPartChars);
        parts.push({ channel, text: rest.slice(0, take) });
        rest = rest.slice(take);
      }
      if (parts.length >= maxParts) flush();
      if (parts.length > 0 && timer === null) timer = setTimer(flush, delayMs);
    },
    flush,
    /** The sequence of the last batch sent (a snapshot includes up to here after `flush`). */
    sequence: () => sequence,
    /** Drops anything pending and ignores later deltas (cancel: no late output). */
    close() {
      if (timer !== null) clearTimer(timer);
      timer = null;
      parts = [];
      closed = true;
    },
  };
}

export type StreamBatcher = ReturnType<typeof createStreamBatcher>;
