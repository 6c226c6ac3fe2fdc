// ## Owns
// Making a run's turn say what the run is doing before it matters after a crash:
// the turn is saved, and the save awaited, right before any tool runs, and saved
// again when a call starts waiting for the person. A worker that dies mid-call then
// leaves the call recorded as started, so a resumed run never runs it again blindly.
import type { AssistantTurn } from '../../../shared/protocol/chat-records';
import type { RunEventSink } from '../run-events';
import type { TurnRecorder } from '../turn-recorder';

export interface DurableSaves {
  progress(turn: AssistantTurn): void;
  /** Resolves once the turn is written (or the write failed); never rejects. */
  settle(turn: AssistantTurn): Promise<void>;
}

export function durableSteps(
  events: RunEventSink,
  recorder: TurnRecorder,
  save: DurableSaves,
): { readonly events: RunEventSink; readonly beforeExecute: () => Promise<void> } {
  return {
    events: {
      ...events,
      toolStatus(payload) {
        events.toolStatus(payload);
        if (payload.status === 'awaiting-approval' || payload.status === 'waiting')
          save.progress(recorder.snapshot());
      },
    },
    beforeExecute: () => save.settle(recorder.snapshot()),
  };
}
