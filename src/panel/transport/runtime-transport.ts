// Transport: panel <-> worker. Requests go over chrome.runtime.sendMessage (one
// response each); worker events arrive over a long-lived port, which the panel
// pings so the MV3 worker stays alive while the panel is open.
import { ProtocolFailure, type Envelope } from '../../shared/protocol/envelope';
import type { RequestTransport } from '../../shared/protocol/client';

export const PANEL_PORT_NAME = 'side-agent-panel';
const PING_INTERVAL_MS = 20_000;
const RECONNECT_DELAY_MS = 250;

export const runtimeRequestTransport: RequestTransport = {
  async send(envelope: Envelope, signal?: AbortSignal) {
    if (signal?.aborted) throw new ProtocolFailure('CANCELLED', 'The request was cancelled.');
    const response: unknown = await chrome.runtime.sendMessage(envelope);
    return response;
  },
};

/**
 * Keeps one port to the worker open and hands every message to `onEvent`. A port
 * closes when the worker stops; the panel reconnects, which also wakes it, and then
 * calls `onReconnect` (events sent while no port was open are lost).
 */
export function connectEventPort(
  onEvent: (message: unknown) => void,
  signal: AbortSignal,
  onReconnect?: () => void,
): void {
  let port: chrome.runtime.Port | null = null;
  let ping: ReturnType<typeof setInterval> | undefined;
  let connections = 0;
  const connect = () => {
    if (signal.aborted) return;
    port = chrome.runtime.connect({ name: PANEL_PORT_NAME });
    if ((connections += 1) > 1) onReconnect?.();
    port.onMessage.addListener((message: unknown) => onEvent(message));
    port.onDisconnect.addListener(() => {
      clearInterval(ping);
      port = null;
      setTimeout(connect, RECONNECT_DELAY_MS);
    });
    clearInterval(ping);
    ping = setInterval(() => port?.postMessage({ type: 'ping' }), PING_INTERVAL_MS);
  };
  connect();
  signal.addEventListener('abort', () => {
    clearInterval(ping);
    port?.disconnect();
  });
}
