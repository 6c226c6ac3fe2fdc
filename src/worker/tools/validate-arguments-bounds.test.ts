import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/support/diff-oracle';
import {
  MAX_ARGUMENT_DEPTH,
  parseToolArguments,
  validateParsedArguments,
} from './validate-arguments';

const SCHEMA = { type: 'object' };

describe('the argument bounds walk', () => {
  it('refuses arguments nested 10,000 deep, as text and as a parsed object', () => {
    const text = `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`;
    const path = `$${'.a'.repeat(MAX_ARGUMENT_DEPTH + 1)}`;
    const fromText = parseToolArguments(text);
    expect(fromText).toMatchObject({ code: 'ARGUMENT_COMPLEXITY', details: { path } });
    const value = JSON.parse(text) as Record<string, unknown>;
    expect(validateParsedArguments(value, SCHEMA)).toEqual(fromText);
  });

  it('reports the same first problem and path as a walk that tracks paths everywhere', () => {
    const random = seededRandom(9);
    const build = (depth: number): unknown => {
      const roll = random();
      if (depth > 23 || roll < 0.3) return random() < 0.02 ? 1e999 : Math.floor(roll * 100);
      if (roll < 0.65)
        return Array.from({ length: Math.floor(random() * 4) }, () => build(depth + 1));
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 4) }, (_, index) => [
          `k${index}`,
          build(depth + 1),
        ]),
      );
    };
    let refused = 0;
    for (let round = 0; round < 2_000; round += 1) {
      const value = { root: build(0) };
      const text = JSON.stringify(value).replace(/null/g, '1e999');
      const parsed = parseToolArguments(text);
      if (!parsed.ok) refused += 1;
      // An independent walk: depth-first in the same order, paths everywhere.
      expect(parsed.ok ? null : parsed.details['path']).toEqual(firstProblemPath(JSON.parse(text)));
    }
    expect(refused).toBeGreaterThan(200);
    expect(refused).toBeLessThan(1_800);
  });
});

/** The path of the first value deeper than the limit or not finite, in stack order. */
function firstProblemPath(root: unknown): string | null {
  const stack: [unknown, string, number][] = [[root, '$', 0]];
  while (stack.length > 0) {
    const [value, path, depth] = stack.pop() as [unknown, string, number];
    if (depth > MAX_ARGUMENT_DEPTH) return path;
    if (typeof value === 'number' && !Number.isFinite(value)) return path;
    if (Array.isArray(value))
      value.forEach((item, index) => stack.push([item, `${path}[${index}]`, depth + 1]));
    else if (typeof value === 'object' && value !== null)
      for (const [key, item] of Object.entries(value))
        stack.push([item, `${path}.${key}`, depth + 1]);
  }
  return null;
}
