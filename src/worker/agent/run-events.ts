// ## Owns
// The events of one run as the panel receives them: every event carries the runId,
// stream deltas go through the batcher, tool events and the terminal flush it
// first, and after the terminal event nothing else is emitted.
import { createEmitter, type EventTransport } from '../../shared/protocol/client';
import type { PayloadOf } from '../../shared/protocol/define-channel';
import { workerToPanel, type WorkerToPanel } from '../../shared/protocol/worker-to-panel';
import { createStreamBatcher, type StreamChannel } from './stream-batcher';
import { clip } from './turn-recorder';

/** What the loop and tool dispatch report; implementations drop everything after `end`. */
export interface RunEventSink {
  delta(channel: StreamChannel, text: string): void;
  flush(): void;
  toolCall(payload: PayloadOf<WorkerToPanel, 'run/tool-call'>): void;
  toolStatus(payload: PayloadOf<WorkerToPanel, 'run/tool-status'>): void;
  pending(payload: PayloadOf<WorkerToPanel, 'run/pending'>['pending']): void;
  notice(level: 'info' | 'warning' | 'error', message: string, code?: string): void;
  /** The run's working memory changed: the panel's live checklist follows it. */
  memory(payload: PayloadOf<WorkerToPanel, 'run/memory'>): void;
  start(payload: PayloadOf<WorkerToPanel, 'run/start'>): void;
  /** The single terminal event; flushes the stream first, then closes the sink. */
  end(payload: PayloadOf<WorkerToPanel, 'run/end'>): void;
  /** Sequence of the last stream batch sent. */
  sequence(): number;
  isEnded(): boolean;
}

export function createRunEvents(
  runId: string,
  transport: EventTransport,
  options: { delayMs?: number } = {},
): RunEventSink {
  const emitter = createEmitter(workerToPanel, transport);
  let ended = false;
  const emit = <K extends keyof WorkerToPanel['events'] & string>(
    event: K,
    payload: PayloadOf<WorkerToPanel, K>,
  ) => {
    if (ended) return;
    // Delivery is best effort: a closed panel must never break the run.
    void emitter.emit(event, payload, { runId }).then(
      // An invalid payload is our bug; say so instead of letting the panel wait silently.
      (result) =>
        void (result.ok
          ? undefined
          : console.warn(`[side-agent] ${event} dropped: ${result.error.message}`)),
      () => undefined,
    );
  };
  const batcher = createStreamBatcher({
    send: (batch) => emit('run/stream', batch),
    ...(options.delayMs !== undefined ? { delayMs: options.delayMs } : {}),
  });
  return {
    delta: (channel, text) => {
      if (!ended) batcher.push(channel, text);
    },
    flush: () => batcher.flush(),
    toolCall(payload) {
      batcher.flush();
      emit('run/tool-call', payload);
    },
    toolStatus(payload) {
      batcher.flush();
      emit('run/tool-status', payload);
    },
    pending(pending) {
      batcher.flush();
      emit('run/pending', { pending });
    },
    notice(level, message, code) {
      batcher.flush();
      emit('run/notice', {
        level,
        message: clip(message, 2_000),
        ...(code !== undefined ? { code: clip(code, 64) } : {}),
      });
    },
    memory(payload) {
      batcher.flush();
      emit('run/memory', payload);
    },
    start: (payload) => emit('run/start', payload),
    end(payload) {
      batcher.flush();
      batcher.close();
      emit('run/end', payload);
      ended = true;
    },
    sequence: () => batcher.sequence(),
    isEnded: () => ended,
  };
}
