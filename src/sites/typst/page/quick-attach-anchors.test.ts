import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ANCHORS_EVENT,
  ANCHORS_REQUEST_EVENT,
  imageAnchor,
  selectionAnchor,
  startQuickAttachAnchors,
  type Anchors,
} from './quick-attach-anchors';

const rect = (left: number, top: number, right: number, bottom: number) =>
  ({
    left,
    top,
    right,
    bottom,
    width: right - left,
    height: bottom - top,
    x: left,
    y: top,
    toJSON: () => ({}),
  }) as DOMRect;

function fakeView(from: number, to: number, coords: ReturnType<typeof rect> | null) {
  const scrollDOM = document.createElement('div');
  scrollDOM.getBoundingClientRect = () => rect(0, 0, 600, 400);
  return {
    state: { doc: {} as never, selection: { main: { anchor: from, head: to, from, to } } },
    dom: document.createElement('div'),
    contentDOM: document.createElement('div'),
    scrollDOM,
    dispatch: () => undefined,
    coordsAtPos: vi.fn(() => coords),
  };
}

const controllers: AbortController[] = [];
afterEach(() => {
  for (const controller of controllers.splice(0)) controller.abort();
});

describe('quick-attach anchors (MAIN world)', () => {
  it('anchors the selection button 6 px right of the selection end', () => {
    const view = fakeView(3, 9, rect(200, 40, 210, 58));
    expect(selectionAnchor(view)).toEqual({ x: 216, y: 40 });
    expect(view.coordsAtPos).toHaveBeenCalledWith(9, -1);
  });

  it('has no selection anchor for an empty selection or an end scrolled out of the editor', () => {
    expect(selectionAnchor(fakeView(4, 4, rect(200, 40, 210, 58)))).toBeNull();
    expect(selectionAnchor(fakeView(1, 4, rect(200, 900, 210, 918)))).toBeNull();
    expect(selectionAnchor(fakeView(1, 4, null))).toBeNull();
  });

  it('anchors the image button 8 px right of and below the top-right corner', () => {
    const image = document.createElement('img');
    image.getBoundingClientRect = () => rect(100, 50, 500, 350);
    expect(imageAnchor(image)).toEqual({ x: 508, y: 58 });
    expect(imageAnchor(null)).toBeNull();
  });

  it('publishes on change only, once per frame, and again when the isolated world asks', () => {
    const frames: FrameRequestCallback[] = [];
    const raf = vi
      .spyOn(window, 'requestAnimationFrame')
      .mockImplementation((callback) => frames.push(callback));
    let anchors: Anchors = { selection: { x: 1, y: 2 }, image: null };
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push(JSON.parse((event as CustomEvent<string>).detail));
    document.addEventListener(ANCHORS_EVENT, listener);
    const controller = new AbortController();
    controllers.push(controller);
    startQuickAttachAnchors(controller.signal, () => anchors);
    frames.splice(0).forEach((frame) => frame(0));
    expect(seen).toEqual([anchors]);
    document.dispatchEvent(new Event('selectionchange'));
    window.dispatchEvent(new Event('scroll'));
    window.dispatchEvent(new Event('resize'));
    expect(frames).toHaveLength(1);
    frames.splice(0).forEach((frame) => frame(0));
    expect(seen).toHaveLength(1);
    anchors = { selection: null, image: null };
    document.dispatchEvent(new Event('keyup'));
    frames.splice(0).forEach((frame) => frame(0));
    expect(seen.at(-1)).toEqual({ selection: null, image: null });
    document.dispatchEvent(new CustomEvent(ANCHORS_REQUEST_EVENT));
    expect(seen).toHaveLength(3);
    document.removeEventListener(ANCHORS_EVENT, listener);
    raf.mockRestore();
  });
});
