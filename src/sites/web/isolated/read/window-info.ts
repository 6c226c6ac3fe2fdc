// ## Owns
// `web/window-info` in one frame: the document's address and title, viewport, device
// pixel ratio, pinch zoom, scroll position and scrollable size, loading state, the
// focused element's ref, and the frames this document embeds (shadow roots included),
// each with its address, origin, whether this frame can read it and whether it shows.
import type { RefRegistry } from '../tree/refs';
import { canHostShadowRoot } from '../../../../page/isolated/shadow-roots';
import { frameDocument, shadowOpener, type ShadowOpener } from './flat-tree';
import { deepActiveElement } from './selection';
import { visibilityWithAncestors } from '../tree/visibility';

export const MAX_LISTED_FRAMES = 50;
/** Elements looked at while finding frames (a bound for pathological pages). */
const MAX_SCANNED_ELEMENTS = 200_000;

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

/** Whether the person can see `frame`, decided top-down along its flat-tree ancestors. */
function frameShows(frame: Element): boolean {
  const visibility = visibilityWithAncestors(frame);
  return visibility.hidden === null && visibility.shown;
}

/**
 * The document's frames in every shadow root, in tree order per root. Only a frame's
 * own ancestors get their styles read: a full visibility walk read the styles of every
 * element of the page to find the few frames on it (about 230 ms on 15,000 elements).
 */
function framesOf(open: ShadowOpener, budget: number): Element[] {
  const found: Element[] = [];
  const roots: ParentNode[] = [document];
  let seen = 0;
  while (roots.length > 0 && seen < budget) {
    const root = roots.shift() as ParentNode;
    for (const element of root.querySelectorAll('*')) {
      seen += 1;
      if (seen >= budget) break;
      if (element.tagName === 'IFRAME' || element.tagName === 'FRAME') found.push(element);
      else if (canHostShadowRoot(element)) {
        const shadow = open(element);
        if (shadow) roots.push(shadow);
      }
    }
  }
  return found;
}

export function windowInfo(refs: RefRegistry, open: ShadowOpener = shadowOpener()): WindowInfo {
  const all = framesOf(open, MAX_SCANNED_ELEMENTS);
  const frames = all
    .slice(0, MAX_LISTED_FRAMES)
    .map((frame) => frameInfo(frame as HTMLIFrameElement, frameShows(frame)));
  const frameCount = all.length;
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
