import { describe, expect, it } from 'vitest';
import { overlayPalette, paintedBackground } from './review-overlay-theme';

describe('overlayPalette', () => {
  it("follows a light editor even when the system is dark (typst.app's light UI)", () => {
    expect(overlayPalette('rgb(255, 255, 255)', true).scheme).toBe('light');
    expect(overlayPalette('rgb(250, 250, 252)', true).scheme).toBe('light');
  });

  it('follows a dark editor even when the system is light', () => {
    expect(overlayPalette('rgb(30, 30, 36)', false).scheme).toBe('dark');
    expect(overlayPalette('rgba(20, 20, 20, 0.9)', false).scheme).toBe('dark');
  });

  it('falls back to the system scheme when the page paints no background', () => {
    expect(overlayPalette(null, true).scheme).toBe('dark');
    expect(overlayPalette(null, false).scheme).toBe('light');
    expect(overlayPalette('rgba(0, 0, 0, 0)', false).scheme).toBe('light');
    expect(overlayPalette('not a colour', true).scheme).toBe('dark');
  });
});

describe('paintedBackground', () => {
  it('finds the nearest opaque background up the tree', () => {
    document.body.innerHTML =
      '<div id="outer" style="background-color: rgb(250, 250, 250)"><div><span id="inner"></span></div></div>';
    expect(paintedBackground(document.getElementById('inner')!)).toBe('rgb(250, 250, 250)');
  });
});
