// Transport: the MAIN runtime's side of the window.postMessage bridge. The only
// MAIN-world file that posts to or listens on the window for bridge frames.
import {
  ToMainFrameSchema,
  isBridgeFrame,
  type ToIsolatedFrame,
  type ToMainFrame,
} from '../../shared/protocol/page-bridge';

export function postToIsolated(frame: ToIsolatedFrame): void {
  window.postMessage(frame, '*');
}

export function onFrameFromIsolated(
  listener: (frame: ToMainFrame) => void,
  signal: AbortSignal,
): void {
  window.addEventListener(
    'message',
    (event: MessageEvent<unknown>) => {
      if (event.source !== window || !isBridgeFrame(event.data)) return;
      const parsed = ToMainFrameSchema.safeParse(event.data);
      if (parsed.success) listener(parsed.data);
    },
    { signal },
  );
}
