// The site-guide settings as stored: on by default, saved and read back, and a
// damaged value falls back to its default on its own without touching the rest.
import { describe, expect, it } from 'vitest';
import { KeyValueSettingsStore } from './settings.store';
import { STORAGE_KEYS } from './storage-keys';
import { createMemoryArea } from './__fixtures__/memory-area';

const createStore = (initial: Record<string, unknown> = {}) => {
  const problems: string[] = [];
  const store = new KeyValueSettingsStore({
    area: createMemoryArea(initial),
    createId: () => 'model-1',
    onProblem: (problem) => problems.push(problem),
  });
  return { store, problems };
};

describe('site guide settings', () => {
  it('turns guides on for a fresh profile, with none turned off', async () => {
    const { store } = createStore();
    expect(await store.general()).toMatchObject({ siteGuidesEnabled: true, siteGuidesOff: [] });
  });

  it('saves turning all guides off and single guides off, and reads them back', async () => {
    const { store } = createStore();
    await store.saveGeneral({ siteGuidesEnabled: false, siteGuidesOff: ['github', 'gmail'] });
    expect(await store.general()).toMatchObject({
      siteGuidesEnabled: false,
      siteGuidesOff: ['github', 'gmail'],
    });
  });

  it('refuses a guide id that is not a slug, saving nothing', async () => {
    const { store } = createStore();
    await expect(store.saveGeneral({ siteGuidesOff: ['Git Hub!'] })).rejects.toMatchObject({
      code: 'INVALID_PAYLOAD_FIELD',
    });
    expect((await store.general()).siteGuidesOff).toEqual([]);
  });

  it('resets only the damaged guide setting when loading, and reports it', async () => {
    const { store, problems } = createStore({
      [STORAGE_KEYS.generalSettings]: {
        siteGuidesEnabled: 'yes',
        siteGuidesOff: ['github', 42],
        historyTurnLimit: 12,
      },
    });
    expect(await store.general()).toMatchObject({
      siteGuidesEnabled: true,
      siteGuidesOff: [],
      historyTurnLimit: 12,
    });
    expect(problems.join('\n')).toMatch(/siteGuidesEnabled/);
    expect(problems.join('\n')).toMatch(/siteGuidesOff/);
  });
});
