import { describe, expect, it, vi } from 'vitest';
import type { AutoScreenshot } from '../../shared/protocol/settings-messages';
import type { ModelMessage } from '../providers/model-adapter';
import type { ToolOutcome } from '../tools/define-tool';
import {
  AUTO_DESCRIPTION_LABEL,
  AUTO_SCREENSHOT_LABEL,
  createAutoScreenshots,
  roundWantsScreenshot,
  type AutoScreenshotOptions,
} from './auto-screenshot';

const read: ToolOutcome = { ok: true, result: {}, summary: 'read' };
const changed: ToolOutcome = { ok: true, result: {}, summary: 'typed', pageChange: 'changed' };
const navigated: ToolOutcome = { ok: true, result: {}, summary: 'went', pageChange: 'navigated' };
const failed: ToolOutcome = { ok: false, code: 'TOOL_FAILED', message: 'no' };
const image = { type: 'image' as const, mediaType: 'image/jpeg', base64: 'AAAA' };

describe('roundWantsScreenshot', () => {
  it.each<[AutoScreenshot, readonly ToolOutcome[], boolean]>([
    ['off', [navigated, changed], false],
    ['after-navigation', [read, changed], false],
    ['after-navigation', [read, navigated], true],
    ['after-change', [read, failed], false],
    ['after-change', [read, changed], true],
    ['after-change', [navigated], true],
    ['every-step', [read], true],
    ['every-step', [failed], true],
  ])('%s after %j → %s', (policy, outcomes, wanted) => {
    expect(roundWantsScreenshot(policy, outcomes, false)).toBe(wanted);
  });

  it('takes none when the round already carries an image', () => {
    expect(roundWantsScreenshot('every-step', [navigated], true)).toBe(false);
  });
});

function setup(overrides: Partial<AutoScreenshotOptions> = {}) {
  const capture = vi.fn(() => Promise.resolve<typeof image | null>(image));
  const shots = createAutoScreenshots({
    policy: 'after-change',
    mode: 'act',
    supportsVision: true,
    signal: new AbortController().signal,
    capture,
    ...overrides,
  });
  const messages: ModelMessage[] = [
    { role: 'tool', callId: 'c1', toolName: 'click', content: '{}' },
  ];
  return { shots, capture, messages };
}

describe('createAutoScreenshots', () => {
  it('adds a labelled untrusted image after a round that changed the page', async () => {
    const { shots, capture, messages } = setup();
    shots.onOutcome(read);
    shots.onOutcome(changed);
    expect(await shots.afterRound(messages)).toBe(true);
    expect(capture).toHaveBeenCalledTimes(1);
    expect(messages.at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'text', text: AUTO_SCREENSHOT_LABEL }, image],
    });
    expect(AUTO_SCREENSHOT_LABEL).toMatch(/^\[Untrusted screenshot/);
  });

  it('judges each round by its own outcomes', async () => {
    const { shots, capture, messages } = setup();
    shots.onOutcome(changed);
    await shots.afterRound(messages);
    shots.onOutcome(read);
    expect(await shots.afterRound(messages)).toBe(false);
    expect(capture).toHaveBeenCalledTimes(1);
  });

  it.each<[string, Partial<AutoScreenshotOptions>]>([
    ['a model without vision', { supportsVision: false }],
    ['Ask mode', { mode: 'ask' }],
    ['a site without modes', { mode: null }],
    ['the setting off', { policy: 'off' }],
  ])('takes none for %s', async (_name, overrides) => {
    const { shots, capture, messages } = setup({
      ...overrides,
      policy: overrides.policy ?? 'every-step',
    });
    shots.onOutcome(navigated);
    expect(await shots.afterRound(messages)).toBe(false);
    expect(capture).not.toHaveBeenCalled();
    expect(messages).toHaveLength(1);
  });

  it('takes none on a site that cannot capture', async () => {
    const { shots, messages } = setup({ capture: undefined, policy: 'every-step' });
    expect(await shots.afterRound(messages)).toBe(false);
    expect(messages).toHaveLength(1);
  });

  it('does not add a second image after the model took a screenshot itself', async () => {
    const { shots, capture, messages } = setup({ policy: 'every-step' });
    messages.push({ role: 'user', content: [{ type: 'text', text: '[tool image]' }, image] });
    expect(await shots.afterRound(messages)).toBe(false);
    expect(capture).not.toHaveBeenCalled();
  });

  it('goes on without a picture when the capture fails or throws', async () => {
    const { shots, capture, messages } = setup({ policy: 'every-step' });
    capture.mockResolvedValueOnce(null);
    expect(await shots.afterRound(messages)).toBe(false);
    capture.mockRejectedValueOnce(new Error('tab not in front'));
    expect(await shots.afterRound(messages)).toBe(false);
    expect(messages).toHaveLength(1);
  });

  it('lets a stopped run stop', async () => {
    const controller = new AbortController();
    const { shots, capture, messages } = setup({ policy: 'every-step', signal: controller.signal });
    const stopped = new Error('stopped');
    capture.mockImplementationOnce(() => {
      controller.abort();
      return Promise.reject(stopped);
    });
    await expect(shots.afterRound(messages)).rejects.toBe(stopped);
  });

  it("sends a model without vision the describer's words, labelled, and no image", async () => {
    const describe = vi.fn(() => Promise.resolve<string | null>('Purpose: cart.'));
    const { shots, capture, messages } = setup({ supportsVision: false, describe });
    shots.onOutcome(changed);
    expect(await shots.afterRound(messages)).toBe(true);
    expect(capture).toHaveBeenCalledTimes(1);
    expect(describe).toHaveBeenCalledWith(image);
    expect(messages.at(-1)).toEqual({
      role: 'user',
      content: [{ type: 'text', text: `${AUTO_DESCRIPTION_LABEL}\nPurpose: cart.` }],
    });
    describe.mockResolvedValueOnce(null);
    shots.onOutcome(changed);
    expect(await shots.afterRound(messages)).toBe(false);
    expect(messages).toHaveLength(2);
  });
});
