// The agent mode stored with a chat: saved and read back, restored when the chat is
// opened again, Ask for new, older and damaged records, and never taken from an import.
import { describe, expect, it } from 'vitest';
import { createSessionTransfer } from './session-transfer';
import { createTestChatStore, userTurn } from './__fixtures__/chat-fixtures';

const scope = { siteId: 'web' as const, projectId: 'https://shop.example' };

describe('chat agent mode', () => {
  it('starts without a mode (Ask), keeps the chosen one across reopening, and leaves list order alone', async () => {
    const { store, factory } = createTestChatStore();
    const older = await store.create(scope);
    const newer = await store.create(scope);
    expect(newer.agentMode).toBeUndefined();
    const saved = await store.setMode(older.id, 'act');
    expect(saved).toMatchObject({ id: older.id, agentMode: 'act', updatedAt: older.updatedAt });
    expect((await store.list(scope)).map((meta) => meta.id)).toEqual([newer.id, older.id]);
    // A new store over the same database: the worker restarted, the panel reopened the chat.
    const { store: reopened } = createTestChatStore({ factory });
    expect((await reopened.get(older.id))?.meta.agentMode).toBe('act');
    await reopened.appendUserTurn(older.id, userTurn('Add it to the cart'));
    expect((await reopened.get(older.id))?.meta.agentMode).toBe('act');
    await expect(reopened.setMode('missing', 'dev')).rejects.toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
  });

  it('opens a chat whose stored mode is damaged in Ask instead of losing it', async () => {
    const { store } = createTestChatStore();
    const meta = await store.create(scope);
    await store.write(async (tx) => {
      const record = await tx.objectStore('sessions').get(meta.id);
      if (record)
        await tx.objectStore('sessions').put({ ...record, agentMode: 'yolo' as unknown as 'act' });
    });
    const chat = await store.get(meta.id);
    expect(chat?.meta.id).toBe(meta.id);
    expect(chat?.meta.agentMode).toBeUndefined();
  });

  it('exports the mode but imports every chat in Ask: a file cannot let the agent act', async () => {
    const { store } = createTestChatStore();
    const meta = await store.create(scope, 'Shopping');
    await store.appendUserTurn(meta.id, userTurn('Buy the blue one'));
    await store.setMode(meta.id, 'dev');
    const { json } = await createSessionTransfer(store).exportJson();
    expect(json).toContain('"agentMode":"dev"');
    const { store: fresh } = createTestChatStore();
    const result = await createSessionTransfer(fresh).importJson(json);
    expect(result).toMatchObject({ imported: 1, rejected: 0 });
    const [imported] = await fresh.list(scope);
    expect(imported?.name).toBe('Shopping');
    expect(imported?.agentMode).toBeUndefined();
  });
});
