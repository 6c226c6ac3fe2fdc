import { describe, expect, it } from 'vitest';
import { normalizeGeneral } from './settings-records';

describe('stored step cap and token limits', () => {
  it('keeps valid values', () => {
    const problems: string[] = [];
    const general = normalizeGeneral(
      { maxSteps: 12, runTokenLimit: 50_000, dayTokenLimit: null },
      [],
      (problem) => problems.push(problem),
    );
    expect(general).toMatchObject({ maxSteps: 12, runTokenLimit: 50_000, dayTokenLimit: null });
    expect(problems).toEqual([]);
  });

  it.each([
    ['maxSteps', 1_000, 60],
    ['maxSteps', 0, 60],
    ['maxSteps', 'sixty', 60],
    ['runTokenLimit', -5, null],
    ['runTokenLimit', 0, null],
    ['dayTokenLimit', 1e12, null],
    ['dayTokenLimit', 12.5, null],
  ])('resets %s stored as %j to its default and says so', (key, stored, fallback) => {
    const problems: string[] = [];
    const general = normalizeGeneral({ [key]: stored }, [], (problem) => problems.push(problem));
    expect(general[key as 'maxSteps']).toBe(fallback);
    expect(problems).toEqual([`The setting "${key}" was invalid and was reset to its default.`]);
  });
});
