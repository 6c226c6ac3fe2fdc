// ## Owns
// The panel's state of one run it is showing: the answer view, the pending
// interaction, status, error and notices. Built at Send, or from a run/status
// snapshot when the panel reopens during a run; the stream continues after the
// snapshot's sequence, so nothing is shown twice.
import { signal } from '@preact/signals';
import type { ProtocolError } from '../../shared/protocol/envelope';
import type {
  PendingInteraction,
  RunEventPayloads,
  RunIdentity,
  RunSnapshot,
} from '../../shared/protocol/run-messages';
import type { z } from '../../shared/schema/zod';
import { AnswerView } from './answer-view';
import type { StreamingAnswerOptions } from './stream/streaming-answer';

type Payload<K extends keyof typeof RunEventPayloads> = z.output<(typeof RunEventPayloads)[K]>;

/** Where a run the panel shows stands. */
export type LiveStatus = 'starting' | 'running' | 'done' | 'error' | 'cancelled';

/** The run's plan and working memory as shown (the live checklist). */
export type RunMemory = Payload<'run/memory'>;

/** A run notice as shown. */
export type RunNotice = Payload<'run/notice'>;

const MAX_NOTICES = 20;

/** One run shown live. */
export class LiveRun {
  readonly view: AnswerView;
  readonly pending = signal<PendingInteraction | null>(null);
  readonly status = signal<LiveStatus>('starting');
  readonly error = signal<ProtocolError | null>(null);
  readonly notices = signal<readonly RunNotice[]>([]);
  /** The plan and checklist; null until the run has either. */
  readonly memory = signal<RunMemory | null>(null);
  /** True while a decision is on its way, so a double click sends one. */
  readonly resolving = signal(false);
  /** Set when the panel reattached to a run that was already going. */
  readonly reconnected: boolean;
  private lastSequence = 0;

  constructor(
    readonly runId: string,
    readonly identity: RunIdentity,
    options: StreamingAnswerOptions = {},
    snapshot?: RunSnapshot,
  ) {
    this.view = new AnswerView(options);
    this.reconnected = snapshot !== undefined;
    if (snapshot) {
      this.view.replay(snapshot.turn.segments);
      this.lastSequence = snapshot.sequence;
      this.pending.value = snapshot.pending;
      const { plan, memory } = snapshot.turn;
      if (plan || memory)
        this.memory.value = {
          ...(plan ? { plan } : {}),
          memory: memory ?? { scratchpad: '', droppedLines: 0, rows: [] },
        };
      this.status.value = 'running';
    }
  }

  /** Whether the run still needs the person or the worker. */
  get isActive(): boolean {
    const status = this.status.peek();
    return status === 'starting' || status === 'running';
  }

  started(): void {
    if (this.status.peek() === 'starting') this.status.value = 'running';
  }

  stream(payload: Payload<'run/stream'>): void {
    // Batches the snapshot already holds (or replays) are dropped.
    if (payload.sequence <= this.lastSequence) return;
    this.lastSequence = payload.sequence;
    this.started();
    for (const part of payload.parts) {
      if (part.channel === 'text') this.view.answer.appendText(part.text);
      else this.view.answer.appendReasoning(part.text);
    }
  }

  toolCall(payload: Payload<'run/tool-call'>): void {
    this.started();
    this.view.upsertCall({ ...payload, status: 'running', summary: '' });
  }

  toolStatus(payload: Payload<'run/tool-status'>): void {
    const { callId, name, status, summary, errorCode, receipt, activity } = payload;
    if (!this.view.call(callId)) {
      this.view.upsertCall({
        callId,
        name,
        argumentsPreview: '',
        argumentsChars: 0,
        status,
        summary,
      });
    }
    this.view.patchCall(callId, {
      status,
      summary,
      ...(errorCode !== undefined ? { errorCode } : {}),
      ...(receipt !== undefined ? { receipt } : {}),
      ...(activity !== undefined ? { activity } : {}),
    });
  }

  setPending(pending: PendingInteraction | null): void {
    this.pending.value = pending;
    this.resolving.value = false;
  }

  setMemory(payload: RunMemory): void {
    this.memory.value = payload;
  }

  notice(payload: RunNotice): void {
    this.notices.value = [...this.notices.value, payload].slice(-MAX_NOTICES);
  }

  end(payload: Pick<Payload<'run/end'>, 'status' | 'error'>): void {
    this.view.end();
    this.pending.value = null;
    this.resolving.value = false;
    this.status.value = payload.status;
    this.error.value = payload.error ?? null;
  }

  /** Fails the run locally (e.g. run/start refused): no worker event will follow. */
  fail(error: ProtocolError): void {
    this.end({ status: 'error', error });
  }

  dispose(): void {
    this.view.dispose();
  }
}
