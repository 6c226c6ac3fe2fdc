// ## Owns
// The MAIN-world end of the page bridge: which isolated relays it answers (up to
// 8 recent nonces, so a relay from an updated extension handshakes without a page
// reload), replay refusal per nonce, cancellation of in-flight handlers, and
// routing each request through the worker-to-page router.
// ## Never
// Answers a frame whose nonce never sent `init`, or runs a request id twice.
import type { Result } from '../../shared/protocol/envelope';
import {
  BRIDGE_REMEMBERED_NONCES,
  BRIDGE_REMEMBERED_REQUEST_IDS,
} from '../../shared/protocol/limits';
import {
  BRIDGE_SOURCE,
  MAIN_RUNTIME_VERSION,
  type ToIsolatedFrame,
  type ToMainFrame,
} from '../../shared/protocol/page-bridge';
import type { RequestRouter } from '../../shared/protocol/router';

interface NonceState {
  readonly seen: Set<string>;
  readonly inFlight: Map<string, AbortController>;
}

export interface BridgeEndpoint {
  receive(frame: ToMainFrame): void;
  readonly handshakes: () => number;
  /** Frames refused without an answer, by code (replays, unknown nonces, mismatches). */
  readonly refused: () => Readonly<Record<string, number>>;
  dispose(): void;
}

export function createBridgeEndpoint(
  router: RequestRouter,
  post: (frame: ToIsolatedFrame) => void,
): BridgeEndpoint {
  // Insertion order doubles as recency order: a re-init moves the nonce to the end.
  const nonces = new Map<string, NonceState>();
  let handshakes = 0;
  const refused: Record<string, number> = {};
  const refuse = (code: string) => {
    refused[code] = (refused[code] ?? 0) + 1;
  };

  const respond = (nonce: string, requestId: string, response: Result<unknown>) =>
    post({ source: BRIDGE_SOURCE, nonce, kind: 'response', requestId, response });

  function remember(nonce: string): NonceState {
    const existing = nonces.get(nonce);
    if (existing) {
      nonces.delete(nonce);
      nonces.set(nonce, existing);
      return existing;
    }
    const state: NonceState = { seen: new Set(), inFlight: new Map() };
    nonces.set(nonce, state);
    while (nonces.size > BRIDGE_REMEMBERED_NONCES) {
      const oldest = nonces.keys().next().value;
      if (oldest === undefined) break;
      for (const controller of nonces.get(oldest)?.inFlight.values() ?? []) controller.abort();
      nonces.delete(oldest);
    }
    return state;
  }

  function markSeen(state: NonceState, requestId: string): boolean {
    if (state.seen.has(requestId)) return false;
    state.seen.add(requestId);
    if (state.seen.size > BRIDGE_REMEMBERED_REQUEST_IDS) {
      const oldest = state.seen.values().next().value;
      if (oldest !== undefined) state.seen.delete(oldest);
    }
    return true;
  }

  async function run(nonce: string, state: NonceState, requestId: string, envelope: unknown) {
    const controller = new AbortController();
    state.inFlight.set(requestId, controller);
    try {
      const response = await router.handle(envelope, {
        sender: 'worker',
        signal: controller.signal,
      });
      if (!controller.signal.aborted) respond(nonce, requestId, response);
    } finally {
      state.inFlight.delete(requestId);
    }
  }

  return {
    receive(frame) {
      if (frame.kind === 'init') {
        remember(frame.nonce);
        handshakes += 1;
        post({
          source: BRIDGE_SOURCE,
          nonce: frame.nonce,
          kind: 'ready',
          runtimeVersion: MAIN_RUNTIME_VERSION,
        });
        return;
      }
      const state = nonces.get(frame.nonce);
      if (!state) return refuse('UNKNOWN_NONCE');
      if (frame.kind === 'cancel') {
        // A cancel also poisons the id, so a request that arrives later is refused.
        markSeen(state, frame.targetRequestId);
        state.inFlight.get(frame.targetRequestId)?.abort();
        return;
      }
      // Replays and mismatched frames get no answer at all: an error reply would
      // settle the genuine request that is still waiting under the same id.
      if (frame.envelope.requestId !== frame.requestId) return refuse('INVALID_ENVELOPE');
      if (!markSeen(state, frame.requestId)) return refuse('DUPLICATE_REQUEST_ID');
      void run(frame.nonce, state, frame.requestId, frame.envelope);
    },
    handshakes: () => handshakes,
    refused: () => ({ ...refused }),
    dispose() {
      for (const state of nonces.values())
        for (const controller of state.inFlight.values()) controller.abort();
      nonces.clear();
    },
  };
}
