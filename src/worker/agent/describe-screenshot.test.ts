import { describe, expect, it, vi } from 'vitest';
import type { ResolvedModel } from '../storage/store-contracts';
import { finish, scriptedAdapter, text } from './__fixtures__/agent-harness';
import {
  DESCRIBE_SYSTEM,
  DESCRIPTION_MAX_CHARS,
  DESCRIPTION_MAX_TOKENS,
  describeScreenshot,
} from './describe-screenshot';

const image = { type: 'image' as const, mediaType: 'image/jpeg', base64: 'UElD' };

function modelWith(overrides: Partial<ResolvedModel> = {}): ResolvedModel {
  return {
    id: 'eyes',
    name: 'Eyes',
    settings: {
      kind: 'openai-compatible',
      baseUrl: 'https://vision.example/v1',
      apiKey: 'k',
      modelId: 'vision-1',
      reasoningEffort: 'high',
    },
    supportsVision: true,
    contextWindow: 128_000,
    insecureOriginAcknowledged: null,
    promptTier: 'full',
    prices: null,
    ...overrides,
  };
}

function setup(answer: string, model: ResolvedModel | null = modelWith()) {
  const { adapter, requests } = scriptedAdapter([[text(answer), finish()]]);
  const limits = {
    beforeCall: vi.fn(() => Promise.resolve()),
    afterCall: vi.fn(() => Promise.resolve()),
  };
  const deps = {
    settings: { resolveModel: vi.fn(() => Promise.resolve(model)) },
    adapterFor: () => adapter,
    fetch: () => Promise.resolve(new Response('')),
    limits,
  };
  return { deps, requests, limits };
}

describe('describeScreenshot', () => {
  it('asks the vision model once, at temperature 0 with a bounded answer, for the six sections', async () => {
    const { deps, requests, limits } = setup('Purpose: a shop cart.');
    const signal = new AbortController().signal;
    expect(await describeScreenshot(deps, 'eyes', image, signal)).toBe('Purpose: a shop cart.');
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect(request.tools).toEqual([]);
    expect(request.settings).toMatchObject({
      temperature: 0,
      maxOutputTokens: DESCRIPTION_MAX_TOKENS,
    });
    expect(request.settings.reasoningEffort).toBeUndefined();
    expect(request.messages[0]).toEqual({ role: 'system', text: DESCRIBE_SYSTEM });
    for (const section of [
      'Purpose:',
      'Exact strings:',
      'Inputs:',
      'State:',
      'Blockers:',
      'Unknowns:',
    ])
      expect(DESCRIBE_SYSTEM).toContain(section);
    const user = request.messages[1];
    expect(user?.role === 'user' && user.content.at(-1)).toEqual(image);
    // Metered like the run's own calls.
    expect(limits.beforeCall).toHaveBeenCalledTimes(1);
    expect(limits.afterCall).toHaveBeenCalledTimes(1);
  });

  it('cuts a runaway answer', async () => {
    const { deps } = setup('x'.repeat(DESCRIPTION_MAX_CHARS + 500));
    const words = await describeScreenshot(deps, 'eyes', image, new AbortController().signal);
    expect(words).toHaveLength(DESCRIPTION_MAX_CHARS);
  });

  it.each<[string, ResolvedModel | null]>([
    ['a deleted describer', null],
    ['a describer without vision', modelWith({ supportsVision: false })],
    [
      'a describer at a plain-HTTP address nobody acknowledged',
      modelWith({ settings: { ...modelWith().settings, baseUrl: 'http://vision.example/v1' } }),
    ],
  ])('gives no description for %s, without calling it', async (_name, model) => {
    const { deps, requests, limits } = setup('never', model);
    expect(await describeScreenshot(deps, 'eyes', image, new AbortController().signal)).toBeNull();
    expect(requests).toEqual([]);
    expect(limits.beforeCall).not.toHaveBeenCalled();
  });

  it('gives no description when the call fails, and lets a used-up limit stop the run', async () => {
    const { deps } = setup('');
    expect(await describeScreenshot(deps, 'eyes', image, new AbortController().signal)).toBeNull();
    const limit = new Error('token limit');
    deps.limits.beforeCall.mockRejectedValueOnce(limit);
    await expect(
      describeScreenshot(deps, 'eyes', image, new AbortController().signal),
    ).rejects.toBe(limit);
  });
});
