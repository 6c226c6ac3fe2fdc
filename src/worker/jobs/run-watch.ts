// ## Owns
// Seeing how a scheduled run goes without a panel: the worker's run events pass
// through here on their way to the panel ports, and a job's runner listens to the
// events of its own run (a question waiting for the person, the end). The panel gets
// every event unchanged.
import type { Envelope } from '../../shared/protocol/envelope';
import type { EventTransport } from '../../shared/protocol/client';
import type { PendingInteraction } from '../../shared/protocol/run-messages';

export type WatchedEvent =
  | { readonly type: 'pending'; readonly pending: PendingInteraction | null }
  | {
      readonly type: 'end';
      readonly status: 'done' | 'error' | 'cancelled';
      readonly message: string | null;
      readonly code: string | null;
    };

export interface RunWatch {
  /** The transport to give the agent core: forwards everything to `next`. */
  readonly transport: EventTransport;
  /** Listens to one run's events until the returned function is called. */
  watch(runId: string, listener: (event: WatchedEvent) => void): () => void;
}

const read = (envelope: Envelope): WatchedEvent | null => {
  const payload = envelope.payload as Record<string, unknown> | null;
  if (!payload || typeof payload !== 'object') return null;
  if (envelope.type === 'run/pending')
    return { type: 'pending', pending: (payload.pending as PendingInteraction | null) ?? null };
  if (envelope.type !== 'run/end') return null;
  const error = payload.error as { code?: string; message?: string } | undefined;
  return {
    type: 'end',
    status: payload.status as 'done' | 'error' | 'cancelled',
    message: error?.message ?? null,
    code: error?.code ?? null,
  };
};

export function createRunWatch(next: EventTransport): RunWatch {
  const listeners = new Map<string, (event: WatchedEvent) => void>();
  return {
    transport: {
      emit(envelope) {
        const listener = envelope.runId === undefined ? undefined : listeners.get(envelope.runId);
        const event = listener ? read(envelope) : null;
        // A job's bookkeeping never keeps an event from the panel.
        if (listener && event)
          try {
            listener(event);
          } catch {
            // The job's runner records its own failures.
          }
        return next.emit(envelope);
      },
    },
    watch(runId, listener) {
      listeners.set(runId, listener);
      return () => {
        if (listeners.get(runId) === listener) listeners.delete(runId);
      };
    },
  };
}
