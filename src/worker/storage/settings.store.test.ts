import { describe, expect, it } from 'vitest';
import type { ModelInput } from '../../shared/protocol/settings-messages';
import { KeyValueSettingsStore } from './settings.store';
import { STORAGE_KEYS } from './storage-keys';
import { createMemoryArea } from './__fixtures__/memory-area';

const SECRET = 'sk-test-SECRET-1234567890abcd';
let ids = 0;
const modelInput = (overrides: Partial<ModelInput> = {}): ModelInput => ({
  name: 'Local',
  kind: 'openai-compatible',
  baseUrl: 'http://127.0.0.1:11434/v1/',
  modelId: 'qwen3',
  supportsVision: false,
  reasoningEffort: 'default',
  contextWindow: 32_768,
  insecureOriginAcknowledged: null,
  apiKey: SECRET,
  ...overrides,
});
const createStore = (initial: Record<string, unknown> = {}) => {
  const area = createMemoryArea(initial);
  const problems: string[] = [];
  const store = new KeyValueSettingsStore({
    area,
    createId: () => `model-${(ids += 1)}`,
    onProblem: (problem) => problems.push(problem),
  });
  return { area, store, problems };
};

describe('KeyValueSettingsStore', () => {
  it('returns defaults when storage is empty', async () => {
    const { store, problems } = createStore();
    expect(await store.view()).toEqual({
      general: {
        activeModelId: null,
        autoNameSessions: true,
        autoNameModelId: null,
        customSystemPrompt: '',
        historyTurnLimit: 40,
        editMode: 'ask',
        sendShortcut: 'enter',
        completionEnabled: false,
        completionModelId: null,
        completionDelayMs: 400,
        siteGuidesEnabled: true,
        siteGuidesOff: [],
        planReview: 'ask',
        maxSteps: 60,
        clarifyTimeout: 'wait',
        clarifyWaitSeconds: 120,
        autoScreenshot: 'after-change',
        screenshotDescriberId: null,
        runTokenLimit: null,
        dayTokenLimit: null,
        runCostLimit: null,
        dayCostLimit: null,
        strictSecretMode: false,
        quickActionLanguage: 'English',
        quickActions: [],
      },
      models: [],
    });
    expect(problems).toEqual([]);
  });

  it('normalizes corrupt values to defaults and reports them when loading', async () => {
    const { store, problems } = createStore({
      [STORAGE_KEYS.generalSettings]: {
        editMode: 'yolo',
        planReview: 'always',
        autoScreenshot: 'sometimes',
        historyTurnLimit: 'many',
        sendShortcut: 'ctrl-enter',
        activeModelId: 'gone',
        strictSecretMode: 'yes',
        extra: 1,
      },
      [STORAGE_KEYS.models]: { models: [{ id: 'bad id!' }, 7] },
    });
    const general = await store.general();
    expect(general).toMatchObject({
      editMode: 'ask',
      planReview: 'ask',
      autoScreenshot: 'after-change',
      historyTurnLimit: 40,
      sendShortcut: 'ctrl-enter',
      activeModelId: null,
      strictSecretMode: false,
    });
    expect(problems.join('\n')).toMatch(/editMode/);
    expect(problems.join('\n')).toMatch(/strictSecretMode/);
    expect(problems.join('\n')).toMatch(/planReview/);
    expect(problems.join('\n')).toMatch(/autoScreenshot/);
    expect(problems.join('\n')).toMatch(/saved model was invalid/);
    const { store: broken, problems: brokenProblems } = createStore({
      [STORAGE_KEYS.generalSettings]: 'garbage',
      [STORAGE_KEYS.models]: [1, 2],
    });
    await expect(broken.view()).resolves.toMatchObject({ models: [] });
    expect(brokenProblems).toHaveLength(2);
  });

  it('never returns the API key in views and resolves it for the worker', async () => {
    const { store, area } = createStore();
    const view = await store.saveModel(modelInput({ reasoningEffort: 'high' }));
    expect(JSON.stringify(view)).not.toContain(SECRET);
    expect(view.models[0]).toMatchObject({
      id: 'model-1',
      hasApiKey: true,
      apiKeyHint: 'abcd',
      baseUrl: 'http://127.0.0.1:11434/v1',
    });
    expect(view.general.activeModelId).toBe('model-1');
    const resolved = await store.resolveModel('model-1');
    expect(resolved?.settings).toEqual({
      kind: 'openai-compatible',
      baseUrl: 'http://127.0.0.1:11434/v1',
      apiKey: SECRET,
      modelId: 'qwen3',
      reasoningEffort: 'high',
    });
    // Editing without a key keeps it; an empty key clears it.
    const { apiKey: _omitted, ...withoutKey } = modelInput({ id: 'model-1', name: 'Renamed' });
    await store.saveModel(withoutKey);
    expect((await store.resolveModel('model-1'))?.settings.apiKey).toBe(SECRET);
    await store.saveModel(modelInput({ id: 'model-1', apiKey: '' }));
    expect((await store.view()).models[0]).toMatchObject({ hasApiKey: false, apiKeyHint: '' });
    expect(area.data.get(STORAGE_KEYS.models)).toBeDefined();
  });

  it("omits reasoning effort when it is 'default'", async () => {
    const { store } = createStore();
    await store.saveModel(modelInput());
    expect(await store.resolveModel('model-' + ids)).not.toHaveProperty('settings.reasoningEffort');
    expect(await store.resolveModel('nope')).toBeNull();
  });

  it('refuses plain HTTP off loopback unless that exact origin was acknowledged', async () => {
    const { store } = createStore();
    await expect(
      store.saveModel(modelInput({ baseUrl: 'http://192.168.1.5:8080/v1' })),
    ).rejects.toMatchObject({
      code: 'INSECURE_CONFIRMATION_REQUIRED',
      details: { origin: 'http://192.168.1.5:8080' },
    });
    await expect(
      store.saveModel(
        modelInput({
          baseUrl: 'http://192.168.1.5:8080/v1',
          insecureOriginAcknowledged: 'http://192.168.1.6:8080',
        }),
      ),
    ).rejects.toMatchObject({ code: 'INSECURE_CONFIRMATION_REQUIRED' });
    const view = await store.saveModel(
      modelInput({
        baseUrl: 'http://192.168.1.5:8080/v1',
        insecureOriginAcknowledged: 'http://192.168.1.5:8080',
      }),
    );
    expect(view.models[0]?.insecureOriginAcknowledged).toBe('http://192.168.1.5:8080');
    await expect(
      store.saveModel(modelInput({ name: 'Other', baseUrl: 'ftp://x' })),
    ).rejects.toMatchObject({ code: 'UNSUPPORTED_SCHEME' });
    await expect(
      store.saveModel(modelInput({ name: 'Other', baseUrl: 'https://user:pw@x.example' })),
    ).rejects.toMatchObject({ code: 'EMBEDDED_CREDENTIALS' });
    // An acknowledgement that no longer matches the URL is dropped, not kept.
    const https = await store.saveModel(
      modelInput({
        name: 'Cloud',
        baseUrl: 'https://api.example.com/v1',
        insecureOriginAcknowledged: 'http://192.168.1.5:8080',
      }),
    );
    expect(https.models[1]?.insecureOriginAcknowledged).toBeNull();
  });

  it('refuses duplicate names and unknown ids', async () => {
    const { store } = createStore();
    await store.saveModel(modelInput());
    await expect(store.saveModel(modelInput({ name: ' local ' }))).rejects.toMatchObject({
      code: 'DUPLICATE_MODEL_NAME',
    });
    await expect(store.saveModel(modelInput({ id: 'never-saved' }))).rejects.toMatchObject({
      code: 'UNKNOWN_MODEL',
    });
    await expect(store.deleteModel('never-saved')).rejects.toMatchObject({ code: 'UNKNOWN_MODEL' });
    await expect(store.saveGeneral({ activeModelId: 'never-saved' })).rejects.toMatchObject({
      code: 'UNKNOWN_MODEL',
    });
  });

  it('falls back when the active or naming model is deleted', async () => {
    const { store } = createStore();
    const first = (await store.saveModel(modelInput({ name: 'A' }))).models[0]!.id;
    const second = (await store.saveModel(modelInput({ name: 'B' }))).models[1]!.id;
    await store.saveGeneral({
      activeModelId: second,
      autoNameModelId: second,
      autoNameSessions: true,
    });
    const view = await store.deleteModel(second);
    expect(view.general).toMatchObject({
      activeModelId: first,
      autoNameModelId: null,
      autoNameSessions: true,
    });
    expect((await store.deleteModel(first)).general.activeModelId).toBeNull();
  });

  it('keeps both changes when two panels save at once', async () => {
    const { store } = createStore();
    await Promise.all([
      store.saveModel(modelInput({ name: 'A' })),
      store.saveModel(modelInput({ name: 'B' })),
      store.saveGeneral({ customSystemPrompt: 'Be brief.' }),
    ]);
    const view = await store.view();
    expect(view.models.map((model) => model.name).sort()).toEqual(['A', 'B']);
    expect(view.general.customSystemPrompt).toBe('Be brief.');
  });

  it('reports a failed write as not saved and keeps working', async () => {
    const { store, area } = createStore();
    area.failNextSet = Object.assign(new Error('QUOTA_BYTES quota exceeded'), {
      name: 'QuotaExceededError',
    });
    await expect(store.saveGeneral({ editMode: 'auto' })).rejects.toMatchObject({
      code: 'STORAGE_QUOTA_EXCEEDED',
    });
    area.failNextSet = new Error('io');
    await expect(store.saveGeneral({ editMode: 'auto' })).rejects.toMatchObject({
      code: 'STORAGE_WRITE_FAILED',
      message: expect.stringMatching(/not saved/),
    });
    await expect(store.saveGeneral({ editMode: 'auto' })).resolves.toMatchObject({
      general: { editMode: 'auto' },
    });
  });

  it('saves a per-model prompt tier override and resolves the tier of every model for runs', async () => {
    const { store, problems } = createStore({
      // A model saved before tiers existed: no promptTier field at all.
      [STORAGE_KEYS.models]: {
        models: [
          {
            id: 'old-cloud',
            name: 'Old cloud',
            kind: 'anthropic',
            baseUrl: 'https://api.anthropic.com',
            modelId: 'claude',
            supportsVision: true,
            reasoningEffort: 'default',
            contextWindow: 200_000,
            insecureOriginAcknowledged: null,
            apiKey: SECRET,
          },
        ],
      },
    });
    expect((await store.view()).models.map((model) => model.id)).toEqual(['old-cloud']);
    expect(problems).toEqual([]);
    expect((await store.resolveModel('old-cloud'))?.promptTier).toBe('full');
    const view = await store.saveModel(modelInput({ name: 'Small' }));
    const small = view.models.find((model) => model.name === 'Small');
    expect(small?.promptTier).toBeUndefined();
    expect((await store.resolveModel(small?.id ?? ''))?.promptTier).toBe('mid');
    const { apiKey: _key, ...rest } = modelInput({ name: 'Small' });
    const overridden = await store.saveModel({ ...rest, id: small?.id, promptTier: 'compact' });
    expect(overridden.models.find((model) => model.id === small?.id)?.promptTier).toBe('compact');
    expect((await store.resolveModel(small?.id ?? ''))?.promptTier).toBe('compact');
    // Back to automatic: the field is left out.
    await store.saveModel({ ...rest, id: small?.id });
    expect((await store.resolveModel(small?.id ?? ''))?.promptTier).toBe('mid');
  });
});
