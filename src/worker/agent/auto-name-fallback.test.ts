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

describe('auto-naming without a naming model', () => {
  it('asks no model, not even the one the run talks to, and leaves the name alone', async () => {
    const { h, start, name, requests } = await setup('Thesis intro fixes');
    expect((await h.settings.general()).autoNameModelId).toBeNull();
    const before = await name();
    await start('model-1');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(requests).toHaveLength(0);
    expect(await name()).toBe(before);
  });
});
