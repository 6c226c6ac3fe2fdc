// Transport: the isolated relay's side of the window.postMessage bridge. The only
// isolated file that posts to or listens on the page window.
import {
  ToIsolatedFrameSchema,
  isBridgeFrame,
  type ToIsolatedFrame,
  type ToMainFrame,
} from '../../shared/protocol/page-bridge';

export function postToMain(frame: ToMainFrame): void {
  // '*' is deliberate: the MAIN world shares this window's origin, and a stricter
  // target origin would not hide the frame from page scripts anyway.
  window.postMessage(frame, '*');
}

/** Calls `listener` with every well-formed frame addressed to the isolated side. */
export function onFrameFromMain(
  listener: (frame: ToIsolatedFrame) => void,
  signal: AbortSignal,
): void {
  window.addEventListener(
    'message',
    (event: MessageEvent<unknown>) => {
      // Only frames posted on this very window; never from iframes or openers.
      if (event.source !== window || !isBridgeFrame(event.data)) return;
      const parsed = ToIsolatedFrameSchema.safeParse(event.data);
      if (parsed.success) listener(parsed.data);
    },
    { signal },
  );
}
