// The leave for network writes stored with a chat (/allow-api): saved, kept when the
// chat is opened again, removed by /allow-api off, and dropped (never widened) when damaged.
import { describe, expect, it } from 'vitest';
import { createTestChatStore } from './__fixtures__/chat-fixtures';

const scope = { siteId: 'web' as const, projectId: 'https://shop.example' };

describe('chat api writes', () => {
  it('keeps the leave across reopening without moving the chat, and removes it', async () => {
    const { store, factory } = createTestChatStore();
    const meta = await store.create(scope);
    expect(meta.apiWrites).toBeUndefined();
    const saved = await store.setApiWrites(meta.id, { origins: ['https://api.example.com'] });
    expect(saved).toMatchObject({
      apiWrites: { origins: ['https://api.example.com'] },
      updatedAt: meta.updatedAt,
    });
    const { store: reopened } = createTestChatStore({ factory });
    expect((await reopened.get(meta.id))?.meta.apiWrites).toEqual({
      origins: ['https://api.example.com'],
    });
    const removed = await reopened.setApiWrites(meta.id, null);
    expect(removed.apiWrites).toBeUndefined();
    expect((await reopened.get(meta.id))?.meta.apiWrites).toBeUndefined();
    await expect(reopened.setApiWrites('missing', null)).rejects.toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
  });

  it('drops a damaged leave instead of losing the chat', async () => {
    const { store } = createTestChatStore();
    const meta = await store.create(scope);
    await store.write(async (tx) => {
      const record = await tx.objectStore('sessions').get(meta.id);
      if (record)
        await tx
          .objectStore('sessions')
          .put({ ...record, apiWrites: { origins: 'all' } as unknown as { origins: string[] } });
    });
    const chat = await store.get(meta.id);
    expect(chat?.meta.id).toBe(meta.id);
    expect(chat?.meta.apiWrites).toBeUndefined();
  });
});
