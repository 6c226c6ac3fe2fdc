import { describe, expect, it } from 'vitest';
import type { ModelRequest } from '../providers/model-adapter';
import { createHarness, finish, scriptedAdapter, text } from './__fixtures__/agent-harness';
import { createAutoNamer } from './auto-name';

/** A namer whose model answers `title` and records which model it was asked as. */
async function setup(title: string) {
  const h = await createHarness({ turns: [[text('answer'), finish()]] });
  const { adapter, requests } = scriptedAdapter([[text(title), finish()]]);
  const namer = createAutoNamer({
    chats: h.chats,
    settings: h.settings,
    adapterFor: () => adapter,
    fetch: async () => new Response(''),
  });
  const session = await h.chats.create({ siteId: 'typst', projectId: 'proj-1' });
  const start = async (modelId?: string) =>
    namer({
      identity: {
        tabId: 1,
        scope: { siteId: 'typst', projectId: 'proj-1' },
        sessionId: session.id,
      },
      ...(modelId !== undefined ? { modelId } : {}),
      history: [
        { id: 'u', role: 'user', createdAt: 1, text: 'Fix my intro', file: null, attachments: [] },
      ],
      general: await h.settings.general(),
      notice: () => undefined,
    });
  const name = async () => (await h.chats.get(session.id))?.meta.name;
  return { h, start, name, requests: requests as ModelRequest[] };
}

const settled = async (check: () => Promise<unknown>) => {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('auto-naming without a naming model', () => {
  it('names the chat with the model the run talks to', async () => {
    const { h, start, name, requests } = await setup('Thesis intro fixes');
    expect((await h.settings.general()).autoNameModelId).toBeNull();
    await start('model-1');
    await settled(async () => (await name()) === 'Thesis intro fixes');
    expect(await name()).toBe('Thesis intro fixes');
    expect(requests).toHaveLength(1);
  });

  it('names nothing when neither a naming model nor the run\u2019s model is known', async () => {
    const { start, name, requests } = await setup('Never used');
    const before = await name();
    await start();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(requests).toHaveLength(0);
    expect(await name()).toBe(before);
  });
});
