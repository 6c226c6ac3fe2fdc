// Transport: isolated relay <-> worker over chrome.runtime. The relay answers
// worker requests and sends page-to-worker events; nothing else here talks to the
// extension.
import type { Envelope } from '../../shared/protocol/envelope';
import type { EventTransport } from '../../shared/protocol/client';

export type WorkerRequestListener = (message: unknown) => Promise<unknown>;

/** Answers worker requests until `signal` aborts (a relay that closed stops listening). */
export function onWorkerRequest(listener: WorkerRequestListener, signal: AbortSignal): void {
  const onMessage = (
    message: unknown,
    sender: chrome.runtime.MessageSender,
    sendResponse: (response: unknown) => void,
  ) => {
    // Content scripts only receive runtime messages from our own extension, but a
    // message from another of our tabs' content scripts is not a worker request.
    if (sender.id !== chrome.runtime.id || sender.tab !== undefined) return false;
    void listener(message).then(sendResponse);
    return true;
  };
  chrome.runtime.onMessage.addListener(onMessage);
  signal.addEventListener('abort', () => chrome.runtime.onMessage.removeListener(onMessage), {
    once: true,
  });
}

/**
 * Events to the worker. `onAnswer` learns whether the worker accepted the event,
 * which the relay shows as a diagnostic marker (see main.ts).
 */
export function createWorkerEventTransport(onAnswer: (accepted: boolean) => void): EventTransport {
  return {
    async emit(envelope: Envelope) {
      try {
        const answer: unknown = await chrome.runtime.sendMessage(envelope);
        onAnswer(
          typeof answer === 'object' && answer !== null && (answer as { ok?: unknown }).ok === true,
        );
      } catch {
        // The worker may be restarting or the extension updated under us; the event
        // is advisory (the worker re-checks pages when it needs them).
        onAnswer(false);
      }
    },
  };
}
