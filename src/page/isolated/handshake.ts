// Either world may start first (no ordering guarantee at document_start), so the
// init frame repeats until the MAIN runtime answers: quickly at first, then less
// often, so a page whose MAIN part never loads costs little.
import { BRIDGE_SOURCE } from '../../shared/protocol/page-bridge';
import { BRIDGE_HANDSHAKE_RETRY_MS } from '../../shared/protocol/limits';

/** After this long without a handshake, retry the init frame less often. */
const FAST_HANDSHAKE_WINDOW_MS = 5_000;
const SLOW_HANDSHAKE_RETRY_MS = 1_000;

export interface HandshakeOptions {
  nonce: string;
  post: (frame: { source: typeof BRIDGE_SOURCE; nonce: string; kind: 'init' }) => void;
  isReady: () => boolean;
  signal: AbortSignal;
}

/** Returns a function that (re)starts the handshake; it stops once ready or aborted. */
export function createHandshake(options: HandshakeOptions): () => void {
  const startedAt = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  options.signal.addEventListener('abort', () => clearTimeout(timer), { once: true });
  const attempt = () => {
    clearTimeout(timer);
    if (options.isReady() || options.signal.aborted) return;
    options.post({ source: BRIDGE_SOURCE, nonce: options.nonce, kind: 'init' });
    const fast = Date.now() - startedAt < FAST_HANDSHAKE_WINDOW_MS;
    timer = setTimeout(attempt, fast ? BRIDGE_HANDSHAKE_RETRY_MS : SLOW_HANDSHAKE_RETRY_MS);
  };
  return attempt;
}
