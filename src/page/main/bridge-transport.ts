// ## Owns
// The MAIN runtime's side of the page bridge: a private port that page scripts cannot
// see or write to. The runtime creates a host element on <html> with a CLOSED shadow
// root and keeps the port node inside it in its own closure. Frames travel as JSON
// strings in non-bubbling, non-composed CustomEvents dispatched on that node, so they
// never reach a listener outside the shadow root. Only our isolated world can reach
// the node, through the extension-only `openOrClosedShadowRoot` API.
// ## Why not window.postMessage
// Every window message is visible to page scripts, which could then forge `init`
// frames until the real relay's nonce was forgotten. A page can still create look-alike
// hosts; the relay then talks to a page script, which is no worse than the page
// answering requests itself: every answer is untrusted and validated by the worker.
// ## Why the intrinsics are captured
// The runtime usually runs before page scripts (document_start registration), so the
// functions it captures when it starts are the browser's own even if the page later
// replaces JSON.stringify, dispatchEvent or CustomEvent.
import {
  BRIDGE_ANNOUNCE_EVENT,
  BRIDGE_HOST_TAG,
  BRIDGE_TO_ISOLATED_EVENT,
  BRIDGE_TO_MAIN_EVENT,
  ToMainFrameSchema,
  type ToIsolatedFrame,
  type ToMainFrame,
} from '../../shared/protocol/page-bridge';

export interface MainBridgePort {
  post(frame: ToIsolatedFrame): void;
  /** Calls `listener` with every well-formed frame from a relay. */
  onFrame(listener: (frame: ToMainFrame) => void): void;
  /** Tells relays a (new) runtime is here; they look for its host and shake hands. */
  announce(runtimeVersion: number): void;
  dispose(): void;
}

/** Creates the host element and its private port; `signal` removes them. */
export function createMainBridgePort(signal: AbortSignal): MainBridgePort {
  // Captured at once, before any page script can run in between (see the header).
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const NativeCustomEvent = CustomEvent;
  const attachShadow = Element.prototype.attachShadow;
  const dispatch = EventTarget.prototype.dispatchEvent;
  const listen = EventTarget.prototype.addEventListener;
  const host = document.createElement(BRIDGE_HOST_TAG);
  // Out of layout and of the accessibility tree: the element only carries the port.
  host.setAttribute('hidden', '');
  host.setAttribute('aria-hidden', 'true');
  const root = attachShadow.call(host, { mode: 'closed' });
  const port = document.createElement('span');
  root.append(port);
  const attach = () => {
    if (!host.isConnected) document.documentElement.append(host);
  };
  attach();
  // A page that rewrites <html>'s children would drop the host: put it back.
  const observer = new MutationObserver(attach);
  observer.observe(document.documentElement, { childList: true });
  const listeners: ((frame: ToMainFrame) => void)[] = [];
  listen.call(
    port,
    BRIDGE_TO_MAIN_EVENT,
    (event: Event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (typeof detail !== 'string' || detail.length > 40_000_000) return;
      let data: unknown;
      try {
        data = parse(detail);
      } catch {
        return;
      }
      const parsed = ToMainFrameSchema.safeParse(data);
      if (parsed.success) for (const listener of listeners) listener(parsed.data);
    },
    { signal },
  );
  const dispose = () => {
    observer.disconnect();
    host.remove();
  };
  signal.addEventListener('abort', dispose, { once: true });
  return {
    post(frame) {
      dispatch.call(
        port,
        new NativeCustomEvent(BRIDGE_TO_ISOLATED_EVENT, { detail: stringify(frame) }),
      );
    },
    onFrame: (listener) => void listeners.push(listener),
    announce(runtimeVersion) {
      dispatch.call(
        window,
        new NativeCustomEvent(BRIDGE_ANNOUNCE_EVENT, { detail: String(runtimeVersion) }),
      );
    },
    dispose,
  };
}
