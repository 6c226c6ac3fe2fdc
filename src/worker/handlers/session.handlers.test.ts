import { describe, expect, it } from 'vitest';
import { createRequestRouter } from '../../shared/protocol/router';
import { defineRequestChannel } from '../../shared/protocol/define-channel';
import { sessionRequestMethods } from '../../shared/protocol/session-messages';
import { createSessionTransfer } from '../storage/session-transfer';
import { createTestChatStore, userTurn } from '../storage/__fixtures__/chat-fixtures';
import { createSessionHandlers, STORAGE_WARNING_BYTES } from './session.handlers';

const channel = defineRequestChannel('sessions-test', ['extension-page'], sessionRequestMethods);

function setup() {
  const { store } = createTestChatStore();
  const router = createRequestRouter(
    channel,
    createSessionHandlers({ chats: store, sessionTransfer: createSessionTransfer(store) }),
  );
  let requestId = 0;
  const call = (type: string, payload: unknown) =>
    router.handle(
      { type, requestId: `r-${(requestId += 1)}`, payload },
      { sender: 'extension-page' },
    );
  return { store, call };
}

describe('session handlers', () => {
  it('creates, appends and reads a chat through the validated channel', async () => {
    const { call } = setup();
    const created = await call('session/create', { scope: { siteId: 'typst', projectId: 'p' } });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const id = (created.data as { id: string }).id;
    expect(
      await call('session/append-user-turn', { sessionId: id, turn: userTurn('hi') }),
    ).toMatchObject({ ok: true, data: { turnCount: 1 } });
    expect(await call('session/get', { sessionId: id })).toMatchObject({
      ok: true,
      data: { turns: [{ text: 'hi' }] },
    });
    expect(await call('session/get', { sessionId: 'missing' })).toMatchObject({
      ok: false,
      error: { code: 'SESSION_NOT_FOUND' },
    });
  });

  it('saves the chat agent mode and refuses a mode that does not exist', async () => {
    const { call } = setup();
    const created = await call('session/create', {
      scope: { siteId: 'web', projectId: 'https://shop.example' },
    });
    if (!created.ok) throw new Error(JSON.stringify(created.error));
    const sessionId = (created.data as { id: string }).id;
    expect(await call('session/set-mode', { sessionId, agentMode: 'act' })).toMatchObject({
      ok: true,
      data: { id: sessionId, agentMode: 'act' },
    });
    expect(await call('session/set-mode', { sessionId, agentMode: 'root' })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_PAYLOAD_FIELD' },
    });
    expect(await call('session/get', { sessionId })).toMatchObject({
      ok: true,
      data: { meta: { agentMode: 'act' } },
    });
  });

  it('reports storage usage against the 8 MiB warning threshold', async () => {
    const { call } = setup();
    expect(await call('session/storage-usage', {})).toEqual({
      ok: true,
      data: { bytes: 0, warningBytes: STORAGE_WARNING_BYTES, isOverWarning: false },
    });
  });

  it('round-trips export and import through the channel', async () => {
    const { call } = setup();
    await call('session/create', { scope: { siteId: 'web', projectId: null }, name: 'Notes' });
    const exported = await call('session/export', {});
    if (!exported.ok) throw new Error('export failed');
    const { json } = exported.data as { json: string };
    expect(await call('session/import', { json })).toEqual({
      ok: true,
      data: { imported: 1, rejected: 0, errors: [] },
    });
    expect(await call('session/search', { query: 'notes' })).toMatchObject({
      ok: true,
      data: [{ name: 'Notes' }, { name: 'Notes' }],
    });
  });
});
