import { describe, expect, it } from 'vitest';
import { AUTOMATIC_TIER_WINDOWS, resolvePromptTier } from './resolve-prompt-tier';

describe('resolvePromptTier', () => {
  const automatic: [number, 'compact' | 'mid' | 'full'][] = [
    [1_024, 'compact'],
    [8_192, 'compact'],
    [AUTOMATIC_TIER_WINDOWS.mid - 1, 'compact'],
    [AUTOMATIC_TIER_WINDOWS.mid, 'mid'],
    [32_768, 'mid'],
    [AUTOMATIC_TIER_WINDOWS.full - 1, 'mid'],
    [AUTOMATIC_TIER_WINDOWS.full, 'full'],
    [128_000, 'full'],
    [10_000_000, 'full'],
  ];

  it.each(automatic)(
    'gives a %i-token window the %s tier when no override is set',
    (window, tier) => {
      expect(resolvePromptTier({ contextWindow: window })).toEqual({
        tier,
        source: 'context-window',
      });
    },
  );

  it('lets the override win over any context window, in both directions', () => {
    for (const promptTier of ['compact', 'mid', 'full'] as const) {
      for (const contextWindow of [4_096, 32_768, 1_000_000]) {
        expect(resolvePromptTier({ contextWindow, promptTier })).toEqual({
          tier: promptTier,
          source: 'override',
        });
      }
    }
  });

  it('treats an explicitly absent override as automatic', () => {
    expect(resolvePromptTier({ contextWindow: 8_000, promptTier: undefined }).source).toBe(
      'context-window',
    );
  });
});
