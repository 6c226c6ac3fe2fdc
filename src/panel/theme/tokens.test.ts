// The token file's declared text/background pairs meet WCAG AA (4.5:1) in light and
// dark, and no panel stylesheet carries a colour of its own.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contrastRatio, contrastReport, declaredPairs } from './__fixtures__/token-contrast';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TOKENS = path.join(ROOT, 'src/panel/theme/tokens.css');
const tokens = readFileSync(TOKENS, 'utf8');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(full);
    return entry.name.endsWith('.css') ? [full] : [];
  });
}

// Hex, functional and the common named colours; `transparent`, `currentColor` and
// `inherit` are not colours of a theme.
const RAW_COLOUR =
  /#[0-9a-f]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(|:\s*(?:white|black)\b/i;

describe('panel design tokens', () => {
  it('computes WCAG ratios the way the spec does', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    // The old primary button, white on #239dad, was under AA.
    expect(contrastRatio('#ffffff', '#239dad')).toBeCloseTo(3.23, 2);
  });

  it('declares the pairs the panel draws', () => {
    expect(declaredPairs(tokens).length).toBeGreaterThanOrEqual(20);
  });

  it('keeps every declared pair at 4.5:1 or more in light and dark', () => {
    const report = contrastReport(tokens);
    const failing = report
      .filter((result) => result.ratio < 4.5)
      .map(
        (result) =>
          `${result.theme}: ${result.text} on ${result.background} = ${result.ratio.toFixed(2)}`,
      );
    expect(failing).toEqual([]);
    expect(report.length).toBe(declaredPairs(tokens).length * 2);
  });

  it('reports a pair that drops under 4.5:1 in one theme', () => {
    const lowered = tokens.replace('--color-accent: #5bc2cf;', '--color-accent: #24505a;');
    const failing = contrastReport(lowered).filter((result) => result.ratio < 4.5);
    expect(failing.map((result) => `${result.theme} ${result.text} ${result.background}`)).toEqual([
      'dark --color-on-accent --color-accent',
    ]);
  });

  it('leaves colours to the token file in every panel stylesheet', () => {
    const files = [
      ...cssFiles(path.join(ROOT, 'src/panel')),
      ...cssFiles(path.join(ROOT, 'src/entrypoints/sidepanel')),
    ].filter((file) => file !== TOKENS);
    expect(files.length).toBeGreaterThan(2);
    const offenders = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .split('\n')
        .flatMap((line, index) =>
          RAW_COLOUR.test(line)
            ? [`${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});
