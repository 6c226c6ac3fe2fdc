import { describe, expect, it } from 'vitest';
import { buildStoredModel } from './settings.store';
import { normalizeGeneral, normalizeModels } from './settings-records';

describe('stored step cap and token limits', () => {
  it('keeps valid values', () => {
    const problems: string[] = [];
    const general = normalizeGeneral(
      { maxSteps: 12, runTokenLimit: 50_000, dayTokenLimit: null, runCostLimit: 0.5 },
      [],
      (problem) => problems.push(problem),
    );
    expect(general).toMatchObject({
      maxSteps: 12,
      runTokenLimit: 50_000,
      dayTokenLimit: null,
      runCostLimit: 0.5,
      dayCostLimit: null,
    });
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
    ['runCostLimit', -1, null],
    ['runCostLimit', 0, null],
    ['dayCostLimit', 1e9, null],
    ['dayCostLimit', '5', null],
  ])('resets %s stored as %j to its default and says so', (key, stored, fallback) => {
    const problems: string[] = [];
    const general = normalizeGeneral({ [key]: stored }, [], (problem) => problems.push(problem));
    expect(general[key as 'maxSteps']).toBe(fallback);
    expect(problems).toEqual([`The setting "${key}" was invalid and was reset to its default.`]);
  });
});

describe('stored model prices', () => {
  const input = {
    name: 'Priced',
    kind: 'openai-compatible' as const,
    baseUrl: 'https://api.example.com/v1',
    modelId: 'm',
    supportsVision: false,
    reasoningEffort: 'default' as const,
    contextWindow: 128_000,
    insecureOriginAcknowledged: null,
  };

  it('keeps the prices entered with the model, and none when none were', () => {
    const prices = { inputPerMillion: 3, outputPerMillion: 15 };
    expect(buildStoredModel({ ...input, prices }, undefined, () => 'a').prices).toEqual(prices);
    const previous = buildStoredModel({ ...input, prices }, undefined, () => 'a');
    expect(buildStoredModel(input, previous, () => 'a')).not.toHaveProperty('prices');
  });

  it('skips a saved model whose price is out of range, and says why', () => {
    const problems: string[] = [];
    const stored = {
      ...input,
      id: 'a',
      apiKey: '',
      prices: { inputPerMillion: -1, outputPerMillion: 2 },
    };
    expect(normalizeModels({ models: [stored] }, (problem) => problems.push(problem))).toEqual([]);
    expect(problems[0]).toContain('prices');
  });
});
