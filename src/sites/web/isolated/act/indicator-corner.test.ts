import { describe, expect, it } from 'vitest';
import { cornerBox, cornerClearOf } from './indicator-corner';

const view = { width: 1000, height: 800 };
const bar = { width: 240, height: 36 };

describe('cornerClearOf', () => {
  it('stays bottom-right while the target is elsewhere', () => {
    const target = { left: 100, top: 100, right: 200, bottom: 140 };
    expect(cornerClearOf(target, bar, view, 'bottom-right')).toBe('bottom-right');
  });

  it('moves to bottom-left for a target under the bar, and back only when needed', () => {
    const underBar = { left: 860, top: 760, right: 980, bottom: 790 };
    expect(cornerClearOf(underBar, bar, view, 'bottom-right')).toBe('bottom-left');
    // A later target elsewhere leaves it where it is.
    expect(
      cornerClearOf({ left: 10, top: 10, right: 50, bottom: 30 }, bar, view, 'bottom-left'),
    ).toBe('bottom-left');
  });

  it('goes to the top for a full-width footer button, and stays put when nothing is free', () => {
    const footer = { left: 0, top: 750, right: 1000, bottom: 800 };
    expect(cornerClearOf(footer, bar, view, 'bottom-right')).toBe('top-right');
    const everything = { left: 0, top: 0, right: 1000, bottom: 800 };
    expect(cornerClearOf(everything, bar, view, 'bottom-left')).toBe('bottom-left');
  });

  it('places each corner inside the viewport, 12 px from its edges', () => {
    expect(cornerBox('bottom-right', bar, view)).toEqual({
      left: 748,
      top: 752,
      right: 988,
      bottom: 788,
    });
    expect(cornerBox('top-left', bar, view)).toEqual({ left: 12, top: 12, right: 252, bottom: 48 });
  });
});
