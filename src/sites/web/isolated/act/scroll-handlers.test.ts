import { describe, expect, it } from 'vitest';
import { SCROLL_STEP, scrollTarget } from './scroll-handlers';

describe('scrollTarget', () => {
  const view = { scrollY: 1_000, maxScrollY: 5_000, viewportHeight: 800 };
  const step = Math.round(800 * SCROLL_STEP);

  it('moves about one screen, keeping a little of the last one in view', () => {
    expect(scrollTarget('down', view)).toBe(1_000 + step);
    expect(scrollTarget('up', view)).toBe(1_000 - step);
    expect(step).toBeLessThan(800);
  });

  it('goes to either end, and never past it', () => {
    expect(scrollTarget('top', view)).toBe(0);
    expect(scrollTarget('bottom', view)).toBe(5_000);
    expect(scrollTarget('up', { ...view, scrollY: 100 })).toBe(0);
    expect(scrollTarget('down', { ...view, scrollY: 4_900 })).toBe(5_000);
    expect(scrollTarget('down', { ...view, maxScrollY: 0, scrollY: 0 })).toBe(0);
  });
});
