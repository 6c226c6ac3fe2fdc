// The review overlay's colours follow the page it is drawn on: the editor's own
// background decides light or dark (typst.app's editor is light even when the system
// is dark), and the system scheme decides only when the page paints no background.
// The overlay lives in the page's DOM, so its colours are inline styles, not tokens.

/** The overlay's colours for one scheme. */
export interface OverlayPalette {
  readonly scheme: 'light' | 'dark';
  readonly background: string;
  readonly text: string;
  readonly border: string;
  readonly insert: string;
  readonly delete: string;
  readonly staleBackground: string;
  readonly staleText: string;
}

const LIGHT: OverlayPalette = {
  scheme: 'light',
  background: 'rgb(255,255,255)',
  text: 'rgb(28,27,34)',
  border: 'rgba(0,0,0,.16)',
  insert: 'rgba(46,160,67,.18)',
  delete: 'rgba(220,38,38,.14)',
  staleBackground: 'rgb(255,244,214)',
  staleText: 'rgb(92,54,0)',
};

const DARK: OverlayPalette = {
  scheme: 'dark',
  background: 'rgb(25,24,31)',
  text: 'rgb(230,230,230)',
  border: 'rgba(255,255,255,.2)',
  insert: 'rgba(46,160,67,.28)',
  delete: 'rgba(248,81,73,.28)',
  staleBackground: 'rgb(138,75,0)',
  staleText: 'rgb(255,255,255)',
};

/** [r, g, b, alpha] of a computed `rgb()`/`rgba()` colour, or null. */
function parseComputedColour(value: string): [number, number, number, number] | null {
  const match =
    /^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+%?))?\s*\)$/.exec(
      value.trim(),
    );
  if (!match) return null;
  const alphaText = match[4];
  const alpha =
    alphaText === undefined
      ? 1
      : alphaText.endsWith('%')
        ? Number(alphaText.slice(0, -1)) / 100
        : Number(alphaText);
  return [Number(match[1]), Number(match[2]), Number(match[3]), alpha];
}

/** Relative luminance (WCAG) of 0–255 channels. */
function luminance(red: number, green: number, blue: number): number {
  const channel = (value: number) => {
    const srgb = value / 255;
    return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue);
}

/**
 * The palette for a page whose nearest painted background is `background` (a
 * computed colour, or null when nothing up the tree paints one).
 */
export function overlayPalette(background: string | null, prefersDark: boolean): OverlayPalette {
  const colour = background === null ? null : parseComputedColour(background);
  if (!colour || colour[3] < 0.5) return prefersDark ? DARK : LIGHT;
  return luminance(colour[0], colour[1], colour[2]) > 0.4 ? LIGHT : DARK;
}

/** The first mostly opaque background from `start` up to the root, or null. */
export function paintedBackground(start: Element): string | null {
  for (let node: Element | null = start; node; node = node.parentElement) {
    const value = getComputedStyle(node).backgroundColor;
    const colour = parseComputedColour(value);
    if (colour && colour[3] >= 0.5) return value;
  }
  return null;
}
