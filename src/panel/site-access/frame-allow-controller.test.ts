import { describe, expect, it } from 'vitest';
import type { FrameSiteOffer } from '../../shared/protocol/run-messages';
import type { SiteAccessClient } from '../app/panel-api';
import { FrameAllowController } from './frame-allow-controller';

const MAPS: FrameSiteOffer = {
  host: 'maps.example',
  pattern: 'https://maps.example/*',
  browserGranted: false,
};
const ADS: FrameSiteOffer = {
  host: 'ads.example',
  pattern: 'https://ads.example/*',
  browserGranted: true,
};

function setup(prompt: () => Promise<boolean>, refuse = false) {
  const calls: { method: string; payload: unknown }[] = [];
  const client = {
    request: async (method: string, payload: unknown) => {
      calls.push({ method, payload });
      if (refuse) return { ok: false, error: { code: 'SITE_NOT_SUPPORTED', message: 'Gone.' } };
      return {
        ok: true,
        data: { state: 'allowed', via: 'always', host: 'shop.example', since: 1 },
      };
    },
  } as unknown as SiteAccessClient;
  const prompts: (readonly string[])[] = [];
  const controller = new FrameAllowController(client, (patterns) => {
    prompts.push(patterns);
    return prompt();
  });
  return { controller, calls, prompts };
}

const statusOf = (controller: FrameAllowController, host: string) =>
  controller.offer.value?.sites.find((site) => site.host === host)?.status;

describe('frame allow controller', () => {
  it('keeps one offer per run: each host once, at most five, a new run starts afresh', () => {
    const { controller } = setup(async () => true);
    controller.add('run-1', 3, [MAPS]);
    controller.add('run-1', 3, [MAPS, ADS]);
    expect(controller.offer.value?.sites.map((site) => site.host)).toEqual([
      'maps.example',
      'ads.example',
    ]);
    const many = Array.from({ length: 8 }, (_unused, index) => ({
      ...MAPS,
      host: `s${index}.example`,
    }));
    controller.add('run-1', 3, many);
    expect(controller.offer.value?.sites).toHaveLength(5);
    controller.add('run-2', 3, [ADS]);
    expect(controller.offer.value).toMatchObject({
      runId: 'run-2',
      sites: [{ host: 'ads.example' }],
    });
    controller.reset();
    expect(controller.offer.value).toBeNull();
  });

  it('asks the browser in the click itself, then records the grant for the tab', async () => {
    const { controller, calls, prompts } = setup(async () => true);
    controller.add('run-1', 3, [MAPS]);
    const pending = controller.allow('maps.example');
    // Synchronously: the user gesture only lasts for the click's own task.
    expect(prompts).toEqual([['https://maps.example/*']]);
    expect(statusOf(controller, 'maps.example')).toBe('busy');
    await pending;
    expect(calls).toEqual([
      {
        method: 'sites/allow-frame',
        payload: { tabId: 3, pattern: 'https://maps.example/*', requested: true },
      },
    ]);
    expect(statusOf(controller, 'maps.example')).toBe('allowed');
  });

  it('needs no prompt where the browser already grants the host', async () => {
    const { controller, calls, prompts } = setup(async () => true);
    controller.add('run-1', 3, [ADS]);
    await controller.allow('ads.example');
    expect(prompts).toEqual([]);
    expect(calls[0]?.payload).toEqual({
      tabId: 3,
      pattern: 'https://ads.example/*',
      requested: false,
    });
  });

  it('records nothing when the person denies the prompt, and shows a refusal in plain words', async () => {
    const denied = setup(async () => false);
    denied.controller.add('run-1', 3, [MAPS]);
    await denied.controller.allow('maps.example');
    expect(denied.calls).toEqual([]);
    expect(statusOf(denied.controller, 'maps.example')).toBe('denied');

    const refused = setup(async () => true, true);
    refused.controller.add('run-1', 3, [MAPS]);
    await refused.controller.allow('maps.example');
    expect(refused.controller.offer.value?.sites[0]).toMatchObject({
      status: 'failed',
      message: 'Gone.',
    });
    // A host nobody offered is never asked for.
    await refused.controller.allow('other.example');
    expect(refused.calls).toHaveLength(1);
  });
});
