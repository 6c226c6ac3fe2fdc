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

/** An answer's DOM with its tool segments. */
export class AnswerView {
  /** The streaming renderer; host `answer.element` once. */
  readonly answer: StreamingAnswer;
  private readonly segments: Array<{ host: HTMLElement; calls: Signal<readonly ToolCallRecord[]> }> = [];
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

  /** Adds a new tool call, or replaces the one with the same callId. */
  upsertCall(call: ToolCallRecord, forceNewSegment = false): void {
    const owner = this.byCallId.get(call.callId);
    if (owner) {
      owner.value = owner.value.map((existing) => (existing.callId === call.callId ? call : existing));
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
    owner.value = owner.value.map((call) => (call.callId === callId ? { ...call, ...patch } : call));
  }

  /** The current value of a call, if known. */
  call(callId: string): ToolCallRecord | undefined {
    return this.byCallId.get(callId)?.peek().find((call) => call.callId === callId);
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
