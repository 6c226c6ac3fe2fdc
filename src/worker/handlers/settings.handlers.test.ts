import { describe, expect, it, vi } from 'vitest';
import type { HandlerContext } from '../../shared/protocol/define-channel';
import type { ModelInput } from '../../shared/protocol/settings-messages';
import { createMemoryArea } from '../storage/__fixtures__/memory-area';
import { KeyValueSettingsStore } from '../storage/settings.store';
import { createKeyGrants } from '../providers/sign-in/key-grants';
import { createSettingsHandlers } from './settings.handlers';

const context: HandlerContext = { sender: 'extension-page', signal: new AbortController().signal };
const draft = (overrides: Partial<ModelInput> = {}): ModelInput => ({
  name: 'Local',
  kind: 'openai-compatible',
  baseUrl: 'http://127.0.0.1:8080/v1',
  modelId: 'm1',
  supportsVision: false,
  reasoningEffort: 'default',
  contextWindow: 8_192,
  insecureOriginAcknowledged: null,
  apiKey: 'sk-handler-secret-0001',
  ...overrides,
});

function setup() {
  const fetch = vi.fn(async (_url: string, init: RequestInit) => {
    const auth = new Headers(init.headers).get('authorization');
    return new Response(JSON.stringify({ data: [{ id: 'm1' }, { id: auth ?? 'none' }] }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  const settings = new KeyValueSettingsStore({
    area: createMemoryArea(),
    createId: () => 'saved-1',
  });
  return { fetch, settings, handlers: createSettingsHandlers({ settings, fetch }) };
}

describe('settings handlers', () => {
  it('checks the endpoint policy before any request when testing a draft', async () => {
    const { handlers, fetch } = setup();
    const result = await handlers['settings/test-model'](
      { draft: draft({ baseUrl: 'http://10.0.0.2/v1' }) },
      context,
    );
    expect(result).toMatchObject({ ok: false, code: 'INSECURE_CONFIRMATION_REQUIRED' });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('tests a saved model with its stored key through the injected fetch', async () => {
    const { handlers, fetch } = setup();
    await handlers['settings/save-model']({ model: draft() }, context);
    const result = await handlers['settings/test-model']({ savedId: 'saved-1' }, context);
    expect(result).toMatchObject({ ok: true, modelCount: 2, isModelListed: true });
    expect(fetch.mock.calls[0]?.[0]).toBe('http://127.0.0.1:8080/v1/models');
    // A draft of the saved model without a retyped key uses the stored key.
    const { apiKey: _omitted, ...withoutKey } = draft({ id: 'saved-1' });
    const listed = await handlers['settings/list-models']({ draft: withoutKey }, context);
    expect(listed).toEqual({ ok: true, models: ['m1', 'Bearer sk-handler-secret-0001'] });
    expect(await handlers['settings/test-model']({ savedId: 'missing' }, context)).toMatchObject({
      ok: false,
      code: 'UNKNOWN_MODEL',
    });
  });

  it('saves and tests with the key a sign-in holds, spending its grant only once saved', async () => {
    const fetch = vi.fn(async (url: string, init: RequestInit) => {
      if (url.endsWith('/auth/keys'))
        return new Response(JSON.stringify({ key: 'sk-or-v1-signed-in-0042' }), { status: 200 });
      const auth = new Headers(init.headers).get('authorization');
      return new Response(JSON.stringify({ data: [{ id: 'm1' }, { id: auth ?? 'none' }] }));
    });
    const settings = new KeyValueSettingsStore({
      area: createMemoryArea(),
      createId: () => 'or-1',
    });
    const redirectUrl = 'https://abc.chromiumapp.org/provider';
    const handlers = createSettingsHandlers({
      settings,
      fetch,
      signIn: {
        window: { launch: async () => `${redirectUrl}?code=c1`, redirectUrl },
        grants: createKeyGrants(),
      },
    });
    const baseUrl = 'https://openrouter.ai/api/v1';
    const signed = await handlers['settings/sign-in']({ baseUrl }, context);
    expect(signed).toMatchObject({ ok: true, keyHint: '0042' });
    expect(JSON.stringify(signed)).not.toContain('signed-in');
    if (!signed.ok) return;
    const { apiKey: _typed, ...withoutKey } = draft({ baseUrl, apiKeyGrant: signed.grant });
    expect(await handlers['settings/list-models']({ draft: withoutKey }, context)).toEqual({
      ok: true,
      models: ['m1', 'Bearer sk-or-v1-signed-in-0042'],
    });
    // A save for another origin never gets the key, and keeps the grant for its own.
    await expect(
      handlers['settings/save-model'](
        { model: { ...withoutKey, baseUrl: 'https://collector.example/v1' } },
        context,
      ),
    ).rejects.toMatchObject({ code: 'PROVIDER_SIGN_IN_FAILED' });
    expect(fetch.mock.calls.some(([url]) => url.includes('collector.example'))).toBe(false);
    const view = await handlers['settings/save-model']({ model: withoutKey }, context);
    expect(view.models[0]).toMatchObject({ hasApiKey: true, apiKeyHint: '0042' });
    expect((await settings.resolveModel('or-1'))?.settings.apiKey).toBe('sk-or-v1-signed-in-0042');
    await expect(
      handlers['settings/save-model']({ model: withoutKey }, context),
    ).rejects.toMatchObject({ code: 'PROVIDER_SIGN_IN_FAILED', message: /expired/ });
    expect(await handlers['settings/test-model']({ draft: withoutKey }, context)).toMatchObject({
      ok: false,
      code: 'PROVIDER_SIGN_IN_FAILED',
    });
  });

  it('never returns the key in settings views', async () => {
    const { handlers } = setup();
    const view = await handlers['settings/save-model']({ model: draft() }, context);
    expect(JSON.stringify(view)).not.toContain('sk-handler-secret');
    expect(JSON.stringify(await handlers['settings/get']({}, context))).not.toContain(
      'sk-handler-secret',
    );
  });

  it('lists the registered site guides for Settings, with the path of a guide on a shared host', async () => {
    const { handlers } = setup();
    const { guides } = await handlers['settings/site-guides']({}, context);
    expect(guides.length).toBeGreaterThanOrEqual(25);
    expect(guides.find((guide) => guide.id === 'google-docs')).toEqual({
      id: 'google-docs',
      name: 'Google Docs',
      category: 'general',
      hosts: ['docs.google.com/document'],
    });
    expect(guides.find((guide) => guide.id === 'chase')?.category).toBe('finance');
  });
});
