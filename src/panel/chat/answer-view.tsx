// ## Owns
// One assistant answer as DOM: the streaming renderer (chat/stream) for text and
// reasoning, plus the tool-card segments it hosts. Used live (deltas, tool events)
// and for stored turns (segments replayed once, then ended). Tool cards render with
// Preact into the host element the renderer hands out, so a tool status change
// re-renders one card list, never the answer.
import { signal, type Signal } from '@preact/signals';
import { render } from 'preact';
import type { Segment, ToolCallRecord } from '../../shared/protocol/chat-records';
import { StreamingAnswer, type StreamingAnswerOptions } from './stream/streaming-answer';
import { ToolCardList } from './tool-card';

/** The most tool calls kept per answer (the stored bound is 128 per segment). */
const MAX_TOOL_CALLS = 512;
/**
 * Characters of stored text fed to the renderer per replay step. The renderer parses
 * only completed blocks, so a step costs about this much Markdown (a few ms), except
 * for a single block longer than this, which is parsed once when it completes.
 */
export const REPLAY_CHUNK_CHARS = 2_000;

/** Cuts `text` at most `size` code units from `start`, never inside a surrogate pair. */
function chunkEnd(text: string, start: number, size: number): number {
  const end = Math.min(text.length, start + size);
  if (end >= text.length) return end;
  const code = text.charCodeAt(end - 1);
  return code >= 0xd800 && code <= 0xdbff ? end - 1 : end;
}

/** An answer's DOM with its tool segments. */
export class AnswerView {
  /** The streaming renderer; host `answer.element` once. */
  readonly answer: StreamingAnswer;
  private readonly segments: Array<{
    host: HTMLElement;
    calls: Signal<readonly ToolCallRecord[]>;
  }> = [];
  private readonly byCallId = new Map<string, Signal<readonly ToolCallRecord[]>>();

  constructor(options: StreamingAnswerOptions = {}) {
    this.answer = new StreamingAnswer(options);
  }

  /** Replays stored segments in order (a stored turn, or a run snapshot). */
  replay(segments: readonly Segment[]): void {
    for (const segment of segments) {
      if (segment.kind === 'text') this.answer.appendText(segment.text);
      else if (segment.kind === 'reasoning') this.answer.appendReasoning(segment.text);
      else segment.calls.forEach((call, index) => this.upsertCall(call, index === 0));
      // Adjacent text segments must stay separate blocks, as they were streamed.
      this.answer.flush();
    }
  }

  /**
   * The same replay as {@link replay}, one step at a time (a text segment in chunks of
   * {@link REPLAY_CHUNK_CHARS}); the step returns true once
   * everything is replayed and the answer ended (run by the panel's BudgetedQueue).
   */
  replaySteps(segments: readonly Segment[]): () => boolean {
    let index = 0;
    let offset = 0;
    return () => {
      const segment = segments[index];
      if (!segment) {
        this.end();
        return true;
      }
      if (segment.kind === 'tools') {
        segment.calls.forEach((call, position) => this.upsertCall(call, position === 0));
      } else {
        const end = chunkEnd(segment.text, offset, REPLAY_CHUNK_CHARS);
        const chunk = segment.text.slice(offset, end);
        if (segment.kind === 'text') this.answer.appendText(chunk);
        else this.answer.appendReasoning(chunk);
        offset = end;
        if (offset < segment.text.length) {
          this.answer.flush();
          return false;
        }
      }
      // Adjacent text segments must stay separate blocks, as they were streamed.
      this.answer.flush();
      index += 1;
      offset = 0;
      return false;
    };
  }

  /**
   * Whether this (ended) view already shows exactly these stored segments: the same
   * number of text and reasoning characters and the same tool calls. A live view that
   * passes is handed to the stored turn instead of rendering the answer again.
   */
  shows(segments: readonly Segment[]): boolean {
    if (!this.answer.isEnded) return false;
    let text = 0;
    let reasoning = 0;
    let calls = 0;
    for (const segment of segments) {
      if (segment.kind === 'text') text += segment.text.length;
      else if (segment.kind === 'reasoning') reasoning += segment.text.length;
      else {
        calls += segment.calls.length;
        if (segment.calls.some((call) => !this.byCallId.has(call.callId))) return false;
      }
    }
    const received = this.answer.receivedChars;
    return (
      received.text === text && received.reasoning === reasoning && calls === this.byCallId.size
    );
  }

  /** Brings the tool cards to their stored values (final status, summary, receipt). */
  adoptCalls(segments: readonly Segment[]): void {
    for (const segment of segments) {
      if (segment.kind === 'tools') for (const call of segment.calls) this.upsertCall(call);
    }
  }

  /** Adds a new tool call, or replaces the one with the same callId. */
  upsertCall(call: ToolCallRecord, forceNewSegment = false): void {
    const owner = this.byCallId.get(call.callId);
    if (owner) {
      owner.value = owner.value.map((existing) =>
        existing.callId === call.callId ? call : existing,
      );
      return;
    }
    if (this.byCallId.size >= MAX_TOOL_CALLS) return;
    const target = this.openSegment(forceNewSegment);
    target.value = [...target.value, call];
    this.byCallId.set(call.callId, target);
  }

  /** Patches a known call (status events); unknown callIds are ignored. */
  patchCall(callId: string, patch: Partial<ToolCallRecord>): void {
    const owner = this.byCallId.get(callId);
    if (!owner) return;
    owner.value = owner.value.map((call) =>
      call.callId === callId ? { ...call, ...patch } : call,
    );
  }

  /** The current value of a call, if known. */
  call(callId: string): ToolCallRecord | undefined {
    return this.byCallId
      .get(callId)
      ?.peek()
      .find((call) => call.callId === callId);
  }

  /** Ends the renderer (flushes pending text). */
  end(): void {
    this.answer.end();
  }

  /** Unmounts the tool-card trees. */
  dispose(): void {
    for (const segment of this.segments) render(null, segment.host);
  }

  private openSegment(forceNew: boolean): Signal<readonly ToolCallRecord[]> {
    this.answer.flush();
    const last = this.segments[this.segments.length - 1];
    // A tools segment continues while nothing else was streamed after it.
    const lastIsCurrent = last !== undefined && this.answer.element.lastElementChild === last.host;
    if (last && lastIsCurrent && !forceNew) return last.calls;
    const host = this.answer.startTools();
    const calls = signal<readonly ToolCallRecord[]>([]);
    render(<ToolCardList calls={calls} />, host);
    this.segments.push({ host, calls });
    return calls;
  }
}
