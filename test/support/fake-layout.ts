// happy-dom lays nothing out: every box is 0×0 at the origin, which the visibility
// model rightly reads as "no size". This gives unit tests a plain layout instead: an
// element that is displayed gets the box its inline style asks for (left, top, width,
// height in px), 100×20 at the origin where it asks for nothing; and checkVisibility()
// also says no inside a content-visibility:hidden ancestor, as browsers do.
import { afterEach, beforeEach, vi } from 'vitest';

const px = (value: string, fallback: number) => {
  const number = parseFloat(value);
  return Number.isNaN(number) ? fallback : number;
};

/** The box a displayed element gets in the fake layout (0×0 when it is not displayed). */
export function fakeBox(element: Element): DOMRect {
  const style = getComputedStyle(element);
  // Like a browser: nothing displayed, or display:contents, has no box.
  if (!element.isConnected || style.display === 'none' || style.display === 'contents')
    return new DOMRect(0, 0, 0, 0);
  return new DOMRect(
    px(style.left, 0),
    px(style.top, 0),
    px(style.width, 100),
    px(style.height, 20),
  );
}

const nativeCheck = Element.prototype.checkVisibility;

/** The browser's check, plus what happy-dom leaves out: content a content-visibility:hidden ancestor skips. */
function checkVisibility(this: Element, options?: CheckVisibilityOptions): boolean {
  for (let node = this.parentElement; node; node = node.parentElement)
    if (getComputedStyle(node).contentVisibility === 'hidden') return false;
  return nativeCheck.call(this, options);
}

/** Installs the fake layout around each test of the calling file. */
export function useFakeLayout(): void {
  beforeEach(() => {
    vi.spyOn(Element.prototype, 'checkVisibility').mockImplementation(checkVisibility);
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (
      this: Element,
    ) {
      return fakeBox(this);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
}
