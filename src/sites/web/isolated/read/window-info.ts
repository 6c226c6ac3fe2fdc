// ## Owns
// `web/window-info` in one frame: the document's address and title, viewport, device
// pixel ratio, pinch zoom, scroll position and scrollable size, loading state, the
// focused element's ref, and the frames this document embeds (shadow roots included),
// each with its address, origin, whether this frame can read it and whether it shows.
import type { RefRegistry } from '../tree/refs';
import { frameDocument, shadowOpener, walkFlat, type ShadowOpener } from './flat-tree';
import { deepActiveElement } from './selection';

export const MAX_LISTED_FRAMES = 50;

export interface FrameInfo {
  readonly url: string;
  readonly origin: string;
  readonly readable: boolean;
  readonly visible: boolean;
  readonly width: number;
  readonly height: number;
}

export interface WindowInfo {
  readonly url: string;
  readonly title: string;
  readonly viewport: { width: number; height: number };
  readonly devicePixelRatio: number;
  readonly pinchZoom: number;
  readonly scroll: { x: number; y: number };
  readonly scrollSize: { width: number; height: number };
  readonly readyState: DocumentReadyState;
  readonly focused: { ref: number; tag: string; inFrame: boolean } | null;
  readonly frames: FrameInfo[];
  readonly frameCount: number;
}

const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return 'null';
  }
};

function frameInfo(element: HTMLIFrameElement, visible: boolean): FrameInfo {
  const inner = frameDocument(element);
  const url = (inner ? inner.location.href : element.src || 'about:blank').slice(0, 2_048);
  const rect = element.getBoundingClientRect();
  return {
    url,
    origin: inner ? inner.location.origin : originOf(url),
    readable: inner !== null,
    visible,
    width: Math.round(rect.width),
    height: Math.round(rect.height),
  };
}

export function windowInfo(refs: RefRegistry, open: ShadowOpener = shadowOpener()): WindowInfo {
  const frames: FrameInfo[] = [];
  let frameCount = 0;
  walkFlat(
    document.documentElement,
    {
      open,
      frames: false,
      includeHidden: true,
      deadline: performance.now() + 1_000,
      maxNodes: 200_000,
    },
    {
      element(element, visibility) {
        if (element.tagName !== 'IFRAME' && element.tagName !== 'FRAME') return true;
        frameCount += 1;
        if (frames.length < MAX_LISTED_FRAMES)
          frames.push(
            frameInfo(element as HTMLIFrameElement, visibility.hidden === null && visibility.shown),
          );
        return false;
      },
    },
  );
  const { element } = deepActiveElement(open);
  const focused =
    element && element !== document.body && element !== document.documentElement
      ? {
          ref: refs.numberOf(element),
          tag: element.tagName.toLowerCase().slice(0, 40),
          inFrame: element.tagName === 'IFRAME' || element.tagName === 'FRAME',
        }
      : null;
  const root = document.documentElement;
  return {
    url: location.href.slice(0, 2_048),
    title: document.title.slice(0, 512),
    viewport: { width: innerWidth, height: innerHeight },
    devicePixelRatio,
    pinchZoom:
      (globalThis as { visualViewport?: VisualViewport | null }).visualViewport?.scale ?? 1,
    scroll: { x: Math.round(scrollX), y: Math.round(scrollY) },
    scrollSize: { width: root.scrollWidth, height: root.scrollHeight },
    readyState: document.readyState,
    focused,
    frames,
    frameCount,
  };
}
