// ## Owns
// The ChatStore backed by IndexedDB: one session record per chat and one record per
// turn. Every write is one readwrite transaction, so two panels saving at once are
// serialized by IndexedDB and neither loses data.
// ## Never
// Rewrites a whole chat to save a turn, or fails a save because of size (chat-trim.ts).
import type { IDBPDatabase } from 'idb';
import {
  ChatTurnSchema,
  type ApiWrites,
  type AssistantTurn,
  type ChatScope,
  type ChatTurn,
  type SessionMeta,
  type UserTurn,
} from '../../shared/protocol/chat-records';
import type { AgentMode } from '../../shared/protocol/agent-modes';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import { openChatDatabase } from './chat-db';
import { CHAT_STORES, scopeKeyOf, type ChatDbSchema, type SessionRecord } from './chat-db-schema';
import { MAX_CHAT_BYTES } from './chat-trim';
import { sessionMetaFailure, toSessionMeta } from './session-meta';
import { prepareTurn, writeTurn, type ChatWriteTransaction } from './chat-turn-writer';
import type { ChatStore, StoredChat } from './store-contracts';
import { sessionNotFound } from './storage-errors';
import { inRead, inWriteTransaction, lazyConnection } from './idb-access';

/** Most results a search returns (newest first). */
export const MAX_SEARCH_RESULTS = 1_000;
/** Most sessions listed at once; the protocol bound. */
const MAX_LISTED = 10_000;

/** Options for {@link IndexedDbChatStore}. */
export interface IndexedDbChatStoreOptions {
  readonly factory: IDBFactory;
  readonly name: string;
  readonly now?: () => number;
  readonly createId?: () => string;
  /** Soft byte budget per chat; over it optional data is trimmed. @default MAX_CHAT_BYTES */
  readonly maxChatBytes?: number;
  /** Reports skipped corrupt records and blocked upgrades (for diagnostics). */
  readonly onProblem?: (message: string) => void;
}

type ChatDb = IDBPDatabase<ChatDbSchema>;
const ALL_SEQS = (sessionId: string) =>
  IDBKeyRange.bound([sessionId, -Infinity], [sessionId, Infinity]);

/** A ChatStore over one IndexedDB database owned by the worker. */
export class IndexedDbChatStore implements ChatStore {
  private readonly now: () => number;
  readonly createId: () => string;
  /** Soft byte budget per chat (optional data is trimmed above it). */
  readonly chatBudget: number;

  constructor(private readonly options: IndexedDbChatStoreOptions) {
    this.now = options.now ?? Date.now;
    this.createId = options.createId ?? (() => crypto.randomUUID());
    this.chatBudget = options.maxChatBytes ?? MAX_CHAT_BYTES;
  }

  /** The open database; reopened after another context's upgrade closed it. */
  readonly db: () => Promise<ChatDb> = lazyConnection((onClosed) =>
    openChatDatabase({
      factory: this.options.factory,
      name: this.options.name,
      onBlocked: () =>
        this.options.onProblem?.(
          'Chat storage upgrade is waiting for another open panel to close.',
        ),
      onClosed,
    }),
  );

  /** Runs `body` in one readwrite transaction; any failure aborts it and says "not saved". */
  write<T>(body: (tx: ChatWriteTransaction) => Promise<T>): Promise<T> {
    return inWriteTransaction(this.db(), [...CHAT_STORES], body);
  }

  private read<T>(body: (db: ChatDb) => Promise<T>): Promise<T> {
    return inRead(this.db(), body);
  }

  private metas(records: readonly SessionRecord[]): SessionMeta[] {
    const metas: SessionMeta[] = [];
    for (const record of records) {
      const meta = toSessionMeta(record);
      if (meta) metas.push(meta);
      else this.options.onProblem?.('A damaged chat record was skipped.');
    }
    return metas;
  }

  list(scope: ChatScope): Promise<SessionMeta[]> {
    return this.read(async (db) => {
      const key = scopeKeyOf(scope);
      const records = await db.getAllFromIndex(
        'sessions',
        'by-scope-updated',
        IDBKeyRange.bound([key, -Infinity], [key, Infinity]),
        MAX_LISTED,
      );
      return this.metas(records.reverse());
    });
  }

  search(query: string): Promise<SessionMeta[]> {
    const needle = query.replace(/\s+/g, ' ').trim().toLowerCase();
    return this.read(async (db) => {
      const tx = db.transaction(['sessions', 'search']);
      // Text matches first (one pass over bounded search records), then sessions newest first.
      const textMatches = new Set<string>();
      if (needle !== '') {
        let match = await tx.objectStore('search').openCursor();
        while (match) {
          if (typeof match.value.text === 'string' && match.value.text.includes(needle))
            textMatches.add(match.value.sessionId);
          match = await match.continue();
        }
      }
      const found: SessionRecord[] = [];
      const limit = needle === '' ? MAX_LISTED : MAX_SEARCH_RESULTS;
      let cursor = await tx.objectStore('sessions').index('by-updated').openCursor(null, 'prev');
      while (cursor && found.length < limit) {
        const record = cursor.value;
        const name = typeof record.name === 'string' ? record.name.toLowerCase() : '';
        if (needle === '' || name.includes(needle) || textMatches.has(record.id))
          found.push(record);
        cursor = await cursor.continue();
      }
      return this.metas(found);
    });
  }

  get(sessionId: string): Promise<StoredChat | null> {
    return this.read(async (db) => {
      const tx = db.transaction(['sessions', 'turns']);
      const [record, records] = await Promise.all([
        tx.objectStore('sessions').get(sessionId),
        tx.objectStore('turns').getAll(ALL_SEQS(sessionId)),
      ]);
      if (!record) return null;
      const meta = toSessionMeta(record);
      if (!meta)
        throw new ProtocolFailure(
          'SESSION_RECORD_INVALID',
          'This chat record is damaged and cannot be opened. Other chats are not affected.',
          { sessionId },
        );
      const turns: ChatTurn[] = [];
      let corruptTurns = 0;
      for (const stored of records) {
        const parsed = ChatTurnSchema.safeParse(stored.turn);
        if (parsed.success) turns.push(parsed.data);
        else corruptTurns += 1;
      }
      if (corruptTurns > 0)
        this.options.onProblem?.(`${corruptTurns} damaged turn(s) were skipped in a chat.`);
      return corruptTurns > 0 ? { meta, turns, corruptTurns } : { meta, turns };
    });
  }

  async create(scope: ChatScope, name?: string): Promise<SessionMeta> {
    const now = this.now();
    const record: SessionRecord = {
      id: this.createId(),
      scope: { siteId: scope.siteId, projectId: scope.projectId },
      scopeKey: scopeKeyOf(scope),
      name: (name ?? '').trim().slice(0, 200) || 'New chat',
      createdAt: now,
      updatedAt: now,
      userRenamed: name !== undefined && name.trim() !== '',
      turnCount: 0,
      approxBytes: 0,
      preview: '',
      nextSeq: 0,
      compactedThroughSeq: -1,
    };
    const meta = toSessionMeta(record);
    if (!meta)
      throw new ProtocolFailure(
        'SESSION_RECORD_INVALID',
        'This chat was not created: its scope is invalid.',
      );
    await this.write(async (tx) => {
      await tx.objectStore('sessions').add(record);
    });
    return meta;
  }

  rename(sessionId: string, name: string, options?: { auto?: boolean }): Promise<SessionMeta> {
    const isAuto = options?.auto === true;
    return this.write(async (tx) => {
      const sessions = tx.objectStore('sessions');
      const record = await sessions.get(sessionId);
      if (!record) throw sessionNotFound(sessionId);
      // A generated title never overwrites a name the user chose.
      if (isAuto && record.userRenamed)
        return toSessionMeta(record) ?? sessionMetaFailure(sessionId);
      const next: SessionRecord = {
        ...record,
        name: name.trim().slice(0, 200) || record.name,
        userRenamed: !isAuto,
      };
      await sessions.put(next);
      return toSessionMeta(next) ?? sessionMetaFailure(sessionId);
    });
  }

  setMode(sessionId: string, agentMode: AgentMode): Promise<SessionMeta> {
    return this.write(async (tx) => {
      const sessions = tx.objectStore('sessions');
      const record = await sessions.get(sessionId);
      if (!record) throw sessionNotFound(sessionId);
      // Not a change to the conversation: `updatedAt` stays, so list order stays.
      const next: SessionRecord = { ...record, agentMode };
      await sessions.put(next);
      return toSessionMeta(next) ?? sessionMetaFailure(sessionId);
    });
  }

  setApiWrites(sessionId: string, apiWrites: ApiWrites | null): Promise<SessionMeta> {
    return this.write(async (tx) => {
      const sessions = tx.objectStore('sessions');
      const record = await sessions.get(sessionId);
      if (!record) throw sessionNotFound(sessionId);
      const { apiWrites: _previous, ...rest } = record;
      void _previous;
      const next: SessionRecord = apiWrites === null ? rest : { ...rest, apiWrites };
      await sessions.put(next);
      return toSessionMeta(next) ?? sessionMetaFailure(sessionId);
    });
  }

  delete(sessionId: string): Promise<boolean> {
    return this.write(async (tx) => {
      const existed = (await tx.objectStore('sessions').getKey(sessionId)) !== undefined;
      await tx.objectStore('sessions').delete(sessionId);
      await tx.objectStore('turns').delete(ALL_SEQS(sessionId));
      await tx.objectStore('search').delete(sessionId);
      return existed;
    });
  }

  deleteScope(scope: ChatScope): Promise<number> {
    const key = scopeKeyOf(scope);
    return this.write(async (tx) => {
      const ids = await tx
        .objectStore('sessions')
        .index('by-scope-updated')
        .getAllKeys(IDBKeyRange.bound([key, -Infinity], [key, Infinity]));
      for (const id of ids) {
        await tx.objectStore('sessions').delete(id);
        await tx.objectStore('turns').delete(ALL_SEQS(id));
        await tx.objectStore('search').delete(id);
      }
      return ids.length;
    });
  }

  appendUserTurn(sessionId: string, turn: UserTurn): Promise<SessionMeta> {
    return this.putTurn(sessionId, turn);
  }

  putAssistantTurn(sessionId: string, turn: AssistantTurn): Promise<SessionMeta> {
    return this.putTurn(sessionId, turn);
  }

  private async putTurn(sessionId: string, turn: ChatTurn): Promise<SessionMeta> {
    // Bounding and validation run before the transaction: no CPU-heavy work holds it.
    const prepared = prepareTurn(turn);
    const record = await this.write((tx) =>
      writeTurn(tx, sessionId, prepared, this.now(), this.chatBudget),
    );
    return toSessionMeta(record) ?? sessionMetaFailure(sessionId);
  }

  usage(): Promise<{ bytes: number }> {
    return this.read(async (db) => {
      let bytes = 0;
      let cursor = await db.transaction('sessions').store.openCursor();
      while (cursor) {
        const value = cursor.value.approxBytes;
        if (typeof value === 'number' && Number.isFinite(value) && value > 0) bytes += value;
        cursor = await cursor.continue();
      }
      return { bytes: Math.round(bytes) };
    });
  }
}
