import { describe, expect, it } from 'vitest';
import type { SiteAccess } from '../../shared/protocol/site-access-messages';
import type { SiteAccessClient } from '../app/panel-api';
import { SiteAccessController } from './site-access-controller';

const NEEDS: SiteAccess = {
  state: 'needs-grant',
  host: 'news.example',
  pattern: 'https://news.example/*',
  browserGranted: false,
  activeTab: true,
};
const ALLOWED: SiteAccess = { state: 'allowed', via: 'always', host: 'news.example', since: 1 };

function setup(access: SiteAccess, prompt: (patterns: readonly string[]) => Promise<boolean>) {
  const calls: { method: string; payload: unknown }[] = [];
  const client = {
    request: async (method: string, payload: unknown) => {
      calls.push({ method, payload });
      if (method === 'sites/get-access') return { ok: true, data: access };
      if (method === 'sites/allow') return { ok: true, data: ALLOWED };
      return { ok: false, error: { code: 'UNKNOWN_MESSAGE_TYPE', message: 'no' } };
    },
  } as unknown as SiteAccessClient;
  const prompts: (readonly string[])[] = [];
  const controller = new SiteAccessController(client, (patterns) => {
    prompts.push(patterns);
    return prompt(patterns);
  });
  return { controller, calls, prompts };
}

describe('site access controller', () => {
  it('opens the browser prompt in the click itself, before anything is awaited', async () => {
    const { controller, calls, prompts } = setup(NEEDS, async () => true);
    await controller.load(7);
    const pending = controller.allow('always');
    // Synchronously: the user gesture only lasts for the click's own task.
    expect(prompts).toEqual([['https://news.example/*']]);
    await pending;
    expect(calls.at(-1)).toEqual({
      method: 'sites/allow',
      payload: { tabId: 7, pattern: 'https://news.example/*', mode: 'always', requested: true },
    });
    expect(controller.access.value).toEqual(ALLOWED);
  });

  it('records nothing when the person denies the prompt, and says so plainly', async () => {
    const { controller, calls } = setup(NEEDS, async () => false);
    await controller.load(7);
    await controller.allow('always');
    expect(calls.map((call) => call.method)).toEqual(['sites/get-access']);
    expect(controller.problem.value).toMatchObject({ kind: 'denied', host: 'news.example' });
    expect(controller.access.value).toEqual(NEEDS);
  });

  it('asks no prompt for Only now or for a host the browser already grants', async () => {
    const once = setup(NEEDS, async () => true);
    await once.controller.load(7);
    await once.controller.allow('once');
    expect(once.prompts).toEqual([]);
    expect(once.calls.at(-1)?.payload).toMatchObject({ mode: 'once', requested: false });
    const held = setup({ ...NEEDS, browserGranted: true }, async () => true);
    await held.controller.load(7);
    await held.controller.allow('always');
    expect(held.prompts).toEqual([]);
    expect(held.calls.at(-1)?.payload).toMatchObject({ mode: 'always', requested: false });
  });

  it('keeps the page closed when the worker cannot say whether it is allowed', async () => {
    const { controller } = setup(NEEDS, async () => true);
    (controller as unknown as { client: SiteAccessClient }).client = {
      request: async () => ({ ok: false, error: { code: 'HANDLER_FAILED', message: 'x' } }),
    } as unknown as SiteAccessClient;
    await controller.load(3);
    expect(controller.access.value).toEqual({ state: 'none' });
  });
});
