// ## Owns
// The isolated relay's side of the page bridge: finding the MAIN runtime's private
// port (the node inside the closed shadow root of its host element on <html>) and
// exchanging frames with it. Only this world can open a closed shadow root, through
// the extension API (`chrome.dom.openOrClosedShadowRoot` in Chromium,
// `element.openOrClosedShadowRoot` in Firefox); page scripts cannot.
// ## Why it looks again
// A runtime replaced by a newer one (an extension update without a page reload) comes
// with a new host; it announces itself on window, and a page that rebuilt <html> may
// have moved the host. The transport re-attaches to the first host it can open.
import {
  BRIDGE_ANNOUNCE_EVENT,
  BRIDGE_HOST_TAG,
  BRIDGE_TO_ISOLATED_EVENT,
  BRIDGE_TO_MAIN_EVENT,
  ToIsolatedFrameSchema,
  type ToIsolatedFrame,
  type ToMainFrame,
} from '../../shared/protocol/page-bridge';
import { shadowRootOf } from './shadow-roots';

export interface IsolatedBridgePort {
  /** Whether a port is attached (a runtime host was found and opened). */
  readonly connected: () => boolean;
  post(frame: ToMainFrame): boolean;
  /** Looks for the runtime host again; true when the port changed. */
  reconnect(): boolean;
}

/**
 * Attaches to the runtime's port. `onFrame` gets every well-formed frame from the
 * runtime; `onAnnounce` fires when a runtime announces itself (after `reconnect`).
 */
export function createIsolatedBridgePort(options: {
  readonly signal: AbortSignal;
  readonly onFrame: (frame: ToIsolatedFrame) => void;
  readonly onAnnounce: () => void;
}): IsolatedBridgePort {
  let port: Element | null = null;
  let detach: AbortController | null = null;

  const receive = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (typeof detail !== 'string') return;
    let data: unknown;
    try {
      data = JSON.parse(detail);
    } catch {
      return;
    }
    const parsed = ToIsolatedFrameSchema.safeParse(data);
    if (parsed.success) options.onFrame(parsed.data);
  };

  // The first host in document order: a runtime registered at document_start puts its
  // host on <html> before any page script can add a look-alike.
  const firstPort = (): Element | null => {
    for (const host of document.documentElement.querySelectorAll(`:scope > ${BRIDGE_HOST_TAG}`)) {
      const node = shadowRootOf(host)?.firstElementChild;
      if (node) return node;
    }
    return null;
  };

  const reconnect = (): boolean => {
    const found = firstPort();
    if (found === port) return false;
    detach?.abort();
    port = found;
    if (!port) return true;
    detach = new AbortController();
    port.addEventListener(BRIDGE_TO_ISOLATED_EVENT, receive, { signal: detach.signal });
    return true;
  };

  window.addEventListener(
    BRIDGE_ANNOUNCE_EVENT,
    () => {
      // Anyone can dispatch this event; it only makes the relay look for hosts again.
      if (reconnect()) options.onAnnounce();
    },
    { signal: options.signal },
  );
  options.signal.addEventListener('abort', () => detach?.abort(), { once: true });
  reconnect();

  return {
    connected: () => port !== null && port.isConnected,
    post(frame) {
      if (!port?.isConnected) reconnect();
      if (!port) return false;
      port.dispatchEvent(new CustomEvent(BRIDGE_TO_MAIN_EVENT, { detail: JSON.stringify(frame) }));
      return true;
    },
    reconnect,
  };
}
