import { describe, expect, it } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { openChatDatabase, CHAT_DB_VERSION } from './chat-db';
import { MAX_CHAT_BYTES } from './chat-trim';
import {
  assistantTurn,
  createTestChatStore,
  measurePuts,
  thumbnail,
  toolCall,
  userTurn,
} from './__fixtures__/chat-fixtures';

const scope = { siteId: 'typst' as const, projectId: 'p1' };

describe('IndexedDbChatStore', () => {
  it('creates the schema when the database is empty and reopens idempotently', async () => {
    const factory = new IDBFactory();
    const first = await openChatDatabase({ factory, name: 'x.database.v1' });
    expect(first.version).toBe(CHAT_DB_VERSION);
    expect([...first.objectStoreNames].sort()).toEqual([
      'checkpoint-bodies',
      'checkpoints',
      'memories',
      'search',
      'sessions',
      'snapshot-bodies',
      'snapshots',
      'turns',
    ]);
    expect([...first.transaction('sessions').store.indexNames].sort()).toEqual([
      'by-scope-updated',
      'by-updated',
    ]);
    first.close();
    const again = await openChatDatabase({ factory, name: 'x.database.v1' });
    expect(again.version).toBe(CHAT_DB_VERSION);
    again.close();
  });

  it('moves v1 search text into the search store when upgrading to v2', async () => {
    const factory = new IDBFactory();
    const { openDB } = await import('idb');
    const { migrateToV1 } = await import('./migrations/v1');
    // openDB uses the global factory; point it at this test's factory for the v1 setup.
    const globals = globalThis as { indexedDB: IDBFactory };
    const saved = globals.indexedDB;
    globals.indexedDB = factory;
    try {
      const v1 = await openDB('m.database.v1', 1, { upgrade: (db) => migrateToV1(db as never) });
      const meta = {
        id: 's1',
        scope,
        scopeKey: JSON.stringify(['typst', 'p1']),
        name: 'Old',
        createdAt: 1,
        updatedAt: 2,
        userRenamed: false,
        turnCount: 0,
        approxBytes: 0,
        preview: '',
        nextSeq: 0,
        compactedThroughSeq: -1,
      };
      await v1.put('sessions', {
        ...meta,
        searchText: 'legacy words',
        searchTailSeq: 0,
        searchTailStart: 0,
      } as never);
      v1.close();
    } finally {
      globals.indexedDB = saved;
    }
    const { store } = createTestChatStore({ factory, name: 'm.database.v1' });
    const db = await store.db();
    expect(db.version).toBe(CHAT_DB_VERSION);
    expect(await db.get('search', 's1')).toEqual({
      sessionId: 's1',
      text: 'legacy words',
      tailSeq: 0,
      tailStart: 0,
    });
    expect(await db.get('sessions', 's1')).not.toHaveProperty('searchText');
    expect((await store.search('legacy')).map((item) => item.id)).toEqual(['s1']);
  });

  it('lists chats of a scope newest first and keeps scopes apart', async () => {
    const { store } = createTestChatStore();
    const a = await store.create(scope, 'A');
    const b = await store.create(scope);
    await store.create({ siteId: 'typst', projectId: null });
    await store.appendUserTurn(a.id, userTurn('hello'));
    const listed = await store.list(scope);
    expect(listed.map((meta) => meta.id)).toEqual([a.id, b.id]);
    expect(listed[0]).toMatchObject({
      name: 'A',
      userRenamed: true,
      turnCount: 1,
      preview: 'hello',
    });
    expect(listed[1]).toMatchObject({ name: 'New chat', userRenamed: false });
  });

  it('appends one turn and replaces an assistant turn by id when it is saved again', async () => {
    const { store } = createTestChatStore();
    const meta = await store.create(scope);
    await store.appendUserTurn(meta.id, userTurn('question'));
    const answer = assistantTurn('par', { status: 'incomplete' });
    await store.putAssistantTurn(meta.id, answer);
    const saved = await store.putAssistantTurn(meta.id, {
      ...answer,
      status: 'complete',
      segments: [{ kind: 'text', text: 'partial answer' }],
    });
    expect(saved.turnCount).toBe(2);
    const chat = await store.get(meta.id);
    expect(chat?.turns.map((turn) => turn.role)).toEqual(['user', 'assistant']);
    expect(chat?.turns[1]).toMatchObject({
      status: 'complete',
      segments: [{ kind: 'text', text: 'partial answer' }],
    });
    expect(chat?.corruptTurns).toBeUndefined();
  });

  it('writes about the size of the turn when a 500 KB chat grows', async () => {
    const { store } = createTestChatStore();
    const meta = await store.create(scope);
    for (let index = 0; index < 50; index += 1)
      await store.appendUserTurn(meta.id, userTurn(`turn ${index} ` + 'x'.repeat(10_000)));
    expect((await store.get(meta.id))?.meta.approxBytes).toBeGreaterThan(500_000);
    const turn = userTurn('a new question of about one kilobyte '.repeat(28));
    const { bytes, puts } = await measurePuts(() => store.appendUserTurn(meta.id, turn));
    expect(puts).toBe(2); // the turn and the session record (search text is full, so not rewritten)
    const turnBytes = JSON.stringify(turn).length;
    expect(bytes).toBeGreaterThan(turnBytes);
    expect(bytes).toBeLessThan(turnBytes + 1_000); // the session record is metadata only
  });

  it('keeps saving when a tool argument preview is 300 KB, with a trim marker', async () => {
    const { store } = createTestChatStore();
    const meta = await store.create(scope);
    const huge = 'y'.repeat(300_000);
    await store.putAssistantTurn(
      meta.id,
      assistantTurn('done', {
        segments: [
          {
            kind: 'tools',
            calls: [
              toolCall({
                argumentsPreview: huge,
                argumentsChars: huge.length,
                summary: 's'.repeat(9_000),
              }),
            ],
          },
        ],
      }),
    );
    const chat = await store.get(meta.id);
    const turn = chat?.turns[0];
    expect(turn?.role).toBe('assistant');
    if (turn?.role !== 'assistant' || turn.segments[0]?.kind !== 'tools')
      throw new Error('unexpected');
    expect(turn.segments[0].calls[0]?.argumentsPreview.length).toBe(2_000);
    expect(turn.segments[0].calls[0]?.argumentsChars).toBe(300_000);
    expect(turn.trimmed).toEqual(expect.arrayContaining(['arguments-preview', 'tool-summary']));
    // Later saves of the same chat still work.
    await expect(store.appendUserTurn(meta.id, userTurn('next'))).resolves.toMatchObject({
      turnCount: 2,
    });
  });

  it('keeps a 2 MB chat saving by trimming old reasoning, tool details and thumbnails first', async () => {
    const { store } = createTestChatStore();
    const meta = await store.create(scope);
    for (let index = 0; index < 10; index += 1) {
      await store.appendUserTurn(
        meta.id,
        userTurn(`q${index}`, {
          attachments: [
            {
              kind: 'image',
              source: 'preview',
              thumbnail: thumbnail(100_000),
              width: 10,
              height: 10,
            },
          ],
        }),
      );
      await store.putAssistantTurn(
        meta.id,
        assistantTurn('', {
          segments: [
            { kind: 'reasoning', text: 'r'.repeat(100_000) },
            { kind: 'text', text: `answer ${index}` },
            { kind: 'tools', calls: [toolCall({ summary: 'd'.repeat(3_000) })] },
          ],
        }),
      );
    }
    const chat = await store.get(meta.id);
    expect(chat?.turns).toHaveLength(20);
    expect(chat?.meta.approxBytes).toBeLessThanOrEqual(MAX_CHAT_BYTES);
    const first = chat?.turns[1];
    if (first?.role !== 'assistant') throw new Error('unexpected');
    expect(first.trimmed).toEqual(expect.arrayContaining(['reasoning', 'tool-details']));
    expect(
      first.segments.some((segment) => segment.kind === 'text' && segment.text === 'answer 0'),
    ).toBe(true);
    const user = chat?.turns[0];
    if (user?.role !== 'user' || user.attachments[0]?.kind !== 'image')
      throw new Error('unexpected');
    expect(user.attachments[0].thumbnail).toBeNull();
    expect(user.attachments[0].omittedReason).toMatch(/storage budget/);
    // The newest answer keeps its text.
    const last = chat?.turns[19];
    if (last?.role !== 'assistant') throw new Error('unexpected');
    expect(
      last.segments.some((segment) => segment.kind === 'text' && segment.text === 'answer 9'),
    ).toBe(true);
  });

  it('keeps two thumbnails per user message when more arrive', async () => {
    const { store } = createTestChatStore();
    const meta = await store.create(scope);
    const image = {
      kind: 'image' as const,
      source: 'preview' as const,
      thumbnail: thumbnail(1_000),
      width: 1,
      height: 1,
    };
    await store.appendUserTurn(meta.id, userTurn('look', { attachments: [image, image, image] }));
    const turn = (await store.get(meta.id))?.turns[0];
    if (turn?.role !== 'user') throw new Error('unexpected');
    expect(
      turn.attachments.map(
        (attachment) => attachment.kind === 'image' && attachment.thumbnail !== null,
      ),
    ).toEqual([true, true, false]);
  });

  it('truncates a huge user text with a visible marker instead of failing', async () => {
    const { store } = createTestChatStore();
    const meta = await store.create(scope);
    for (let index = 0; index < 6; index += 1)
      await store.appendUserTurn(meta.id, userTurn('z'.repeat(400_000)));
    const chat = await store.get(meta.id);
    expect(chat?.turns).toHaveLength(6);
    const turn = chat?.turns[0];
    if (turn?.role !== 'user') throw new Error('unexpected');
    expect(turn.text.length).toBeLessThanOrEqual(256_000);
    expect(turn.text).toMatch(/more characters were not saved\.\]$/);
  });

  it('skips corrupt turns with a count and keeps the rest when a record is damaged', async () => {
    const problems: string[] = [];
    const { store } = createTestChatStore({ onProblem: (message) => problems.push(message) });
    const meta = await store.create(scope);
    await store.appendUserTurn(meta.id, userTurn('keep me'));
    await store.putAssistantTurn(meta.id, assistantTurn('and me'));
    const db = await store.db();
    const record = await db.get('turns', [meta.id, 0]);
    await db.put('turns', { ...record!, turn: { role: 'user', text: 42 } as never });
    await db.put('turns', {
      sessionId: meta.id,
      seq: 7,
      turnId: 'x',
      bytes: 3,
      turn: null as never,
    });
    const chat = await store.get(meta.id);
    expect(chat?.corruptTurns).toBe(2);
    expect(chat?.turns.map((turn) => turn.role)).toEqual(['assistant']);
    expect(problems.join(' ')).toMatch(/damaged turn/);
    // A damaged session record is skipped by lists, not fatal.
    await db.put('sessions', {
      ...(await db.get('sessions', meta.id))!,
      id: 'broken',
      name: 5 as never,
    });
    expect((await store.list(scope)).map((item) => item.id)).toEqual([meta.id]);
    await expect(store.get('broken')).rejects.toMatchObject({ code: 'SESSION_RECORD_INVALID' });
  });

  it('loses nothing when two writers append to one chat at once', async () => {
    const factory = new IDBFactory();
    const one = createTestChatStore({ factory }).store;
    const two = createTestChatStore({ factory }).store; // a second connection
    const meta = await one.create(scope);
    await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        (index % 2 ? one : two).appendUserTurn(meta.id, userTurn(`m${index}`)),
      ),
    );
    const chat = await one.get(meta.id);
    expect(chat?.meta.turnCount).toBe(40);
    expect(new Set(chat?.turns.map((turn) => (turn.role === 'user' ? turn.text : ''))).size).toBe(
      40,
    );
  });

  it('reports quota errors as not saved and keeps working afterwards', async () => {
    const { store } = createTestChatStore();
    const meta = await store.create(scope);
    const { IDBObjectStore } = await import('fake-indexeddb');
    const prototype = IDBObjectStore.prototype as unknown as {
      put: (...args: unknown[]) => unknown;
    };
    const original = prototype.put;
    prototype.put = () => {
      throw new DOMException('quota', 'QuotaExceededError');
    };
    try {
      await expect(store.appendUserTurn(meta.id, userTurn('lost?'))).rejects.toMatchObject({
        code: 'STORAGE_QUOTA_EXCEEDED',
        message: expect.stringMatching(/not saved/),
      });
    } finally {
      prototype.put = original;
    }
    prototype.put = () => {
      prototype.put = original;
      throw new Error('disk on fire');
    };
    await expect(store.appendUserTurn(meta.id, userTurn('again'))).rejects.toMatchObject({
      code: 'STORAGE_WRITE_FAILED',
      message: expect.stringMatching(/not saved/),
    });
    prototype.put = original;
    await store.appendUserTurn(meta.id, userTurn('works'));
    const chat = await store.get(meta.id);
    expect(chat?.turns).toHaveLength(1); // the failed writes left nothing half-written
    expect(chat?.meta.turnCount).toBe(1);
  });

  it('searches names and text across scopes and deletes a scope', async () => {
    const { store } = createTestChatStore();
    const a = await store.create(scope, 'Thesis intro');
    const b = await store.create({ siteId: 'typst', projectId: 'p2' });
    await store.appendUserTurn(b.id, userTurn('How do I draw a TABLE?'));
    await store.putAssistantTurn(b.id, assistantTurn('Use #table(columns: 2)'));
    expect((await store.search('thesis')).map((meta) => meta.id)).toEqual([a.id]);
    expect((await store.search('table(')).map((meta) => meta.id)).toEqual([b.id]);
    // An answer saved as it streams replaces its own search text instead of repeating it.
    const streaming = assistantTurn('Partial');
    await store.putAssistantTurn(b.id, streaming);
    await store.putAssistantTurn(b.id, {
      ...streaming,
      segments: [{ kind: 'text', text: 'Partial and final' }],
    });
    expect((await (await store.db()).get('search', b.id))?.text).toBe(
      'how do i draw a table? use #table(columns: 2) partial and final',
    );
    expect(await store.search('')).toHaveLength(2);
    expect(await store.deleteScope(scope)).toBe(1);
    expect(await store.get(a.id)).toBeNull();
    expect(await store.delete(b.id)).toBe(true);
    expect(await store.delete(b.id)).toBe(false);
    expect((await store.usage()).bytes).toBe(0);
  });

  it('keeps a user-chosen name when an automatic rename arrives', async () => {
    const { store } = createTestChatStore();
    const meta = await store.create(scope);
    expect(await store.rename(meta.id, 'Auto title', { auto: true })).toMatchObject({
      name: 'Auto title',
      userRenamed: false,
    });
    expect(await store.rename(meta.id, 'Mine')).toMatchObject({ name: 'Mine', userRenamed: true });
    expect(await store.rename(meta.id, 'Auto again', { auto: true })).toMatchObject({
      name: 'Mine',
    });
    await expect(store.rename('missing', 'x')).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
    await expect(store.appendUserTurn('missing', userTurn('x'))).rejects.toMatchObject({
      code: 'SESSION_NOT_FOUND',
    });
  });
});
