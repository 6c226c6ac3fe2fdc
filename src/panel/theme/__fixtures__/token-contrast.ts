// Reads tokens.css the way the browser would for the two colour schemes and computes
// WCAG 2 contrast ratios for the pairs its "contrast:" lines declare.
// @see https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio

export type Theme = 'light' | 'dark';

/** One declared pair, resolved in one theme. */
export interface ContrastResult {
  readonly theme: Theme;
  readonly text: string;
  readonly background: string;
  readonly ratio: number;
}

const DECLARATION = /(--[\w-]+)\s*:\s*([^;]+);/g;

function declarations(block: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const match of block.matchAll(DECLARATION)) values.set(match[1]!, match[2]!.trim());
  return values;
}

/** The body of the first `{…}` after `start`, braces balanced. */
function blockAfter(css: string, start: number): string {
  const open = css.indexOf('{', start);
  let depth = 0;
  for (let index = open; index < css.length; index += 1) {
    if (css[index] === '{') depth += 1;
    else if (css[index] === '}' && --depth === 0) return css.slice(open + 1, index);
  }
  throw new Error('Unbalanced braces in the token file.');
}

/** Custom properties per theme: dark is light overridden by the dark media block. */
export function themeTokens(css: string): Record<Theme, Map<string, string>> {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const light = declarations(blockAfter(withoutComments, withoutComments.indexOf(':root')));
  const media = withoutComments.indexOf('@media (prefers-color-scheme: dark)');
  if (media < 0) throw new Error('The token file has no dark scheme block.');
  const dark = new Map([
    ...light,
    ...declarations(blockAfter(blockAfter(withoutComments, media), 0)),
  ]);
  return { light, dark };
}

/** The declared pairs: `contrast: --text on --background …`. */
export function declaredPairs(css: string): { text: string; background: string }[] {
  return [...css.matchAll(/contrast:\s*(--[\w-]+)\s+on\s+((?:--[\w-]+\s*)+)/g)].flatMap((match) =>
    match[2]!
      .trim()
      .split(/\s+/)
      .map((background) => ({ text: match[1]!, background })),
  );
}

function resolve(tokens: Map<string, string>, name: string, depth = 0): string {
  const value = tokens.get(name);
  if (value === undefined) throw new Error(`Token ${name} is not declared.`);
  const reference = /^var\((--[\w-]+)\)$/.exec(value);
  if (reference && depth < 8) return resolve(tokens, reference[1]!, depth + 1);
  return value;
}

/** [r, g, b] in 0–255 from #rgb or #rrggbb. */
export function parseHex(value: string): [number, number, number] {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value)?.[1];
  if (!hex) throw new Error(`Not an opaque hex colour: ${value}`);
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as [number, number, number];
}

function luminance([red, green, blue]: [number, number, number]): number {
  const channel = (value: number) => {
    const srgb = value / 255;
    return srgb <= 0.04045 ? srgb / 12.92 : ((srgb + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue);
}

/** The WCAG contrast ratio of two opaque hex colours, 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [lighter, darker] = [luminance(parseHex(first)), luminance(parseHex(second))].sort(
    (a, b) => b - a,
  ) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/** Every declared pair in both themes with its ratio. */
export function contrastReport(css: string): ContrastResult[] {
  const themes = themeTokens(css);
  return declaredPairs(css).flatMap(({ text, background }) =>
    (['light', 'dark'] as const).map((theme) => ({
      theme,
      text,
      background,
      ratio: contrastRatio(resolve(themes[theme], text), resolve(themes[theme], background)),
    })),
  );
}
