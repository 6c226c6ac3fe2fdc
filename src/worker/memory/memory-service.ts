// ## Owns
// What the person can do with memory (remember, edit, forget, delete, clear, export,
// import, settings) and what a run gets from it (the block for its site). Every
// write goes through normalize-memory.ts; refusals are structured errors with
// plain words, and a refused write changes nothing stored.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import {
  MAX_MEMORY_IMPORT_CHARS,
  MAX_MEMORY_RECORDS,
  type MemoryKind,
  type MemoryRecord,
  type MemoryScope,
  type MemorySettings,
  type MemoryView,
} from '../../shared/protocol/memory-messages';
import type { MemoryStore } from '../storage/memory.store';
import { buildMemoryBlock } from './memory-block';
import { parseMemoryExport, serializeMemoryExport } from './memory-transfer';
import { duplicateKey, normalizeRecords, refusalOf } from './normalize-memory';

/** Options for {@link createMemoryService}. */
export interface MemoryServiceOptions {
  readonly store: MemoryStore;
  readonly now?: () => number;
  /** A fresh random suffix for record ids (tests pass a counter). */
  readonly randomId?: () => string;
}

const randomSuffix = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(4)), (byte) =>
    byte.toString(36).padStart(2, '0'),
  )
    .join('')
    .slice(0, 6);

export type MemoryService = ReturnType<typeof createMemoryService>;

/** The memory domain over its store. */
export function createMemoryService(options: MemoryServiceOptions) {
  const { store } = options;
  const now = options.now ?? Date.now;
  const randomId = options.randomId ?? randomSuffix;

  const checkText = (text: string) => {
    const refusal = refusalOf(text);
    if (refusal) throw new ProtocolFailure('MEMORY_TEXT_REFUSED', refusal);
    return text.trim();
  };
  const find = async (id: string): Promise<MemoryRecord> => {
    const record = (await store.list()).find((candidate) => candidate.id === id);
    if (!record)
      throw new ProtocolFailure('MEMORY_NOT_FOUND', `No memory has the id ${id}.`, { id });
    return record;
  };
  const freshId = (taken: ReadonlySet<string>) => {
    for (let attempt = 0; attempt < 16; attempt += 1) {
      const id = `m${randomId()}`;
      if (!taken.has(id)) return id;
    }
    return `m${crypto.randomUUID().replace(/-/g, '')}`;
  };

  return {
    async view(): Promise<MemoryView> {
      return { records: await store.list(), settings: await store.settings() };
    },

    async remember(input: {
      text: string;
      scope: MemoryScope;
      kind?: MemoryKind | undefined;
    }): Promise<{ record: MemoryRecord; stored: boolean }> {
      const text = checkText(input.text);
      // Asking to remember something is asking for memory: it is turned on if it was off.
      const settings = await store.settings();
      if (!settings.enabled) await store.saveSettings({ ...settings, enabled: true });
      const records = await store.list();
      const key = duplicateKey({ text, scope: input.scope });
      const same = records.find((record) => duplicateKey(record) === key);
      // Remembering a forgotten text again brings it back rather than adding a twin.
      if (same && same.archivedAt === null) return { record: same, stored: false };
      const at = now();
      if (same) {
        const revived = { ...same, text, archivedAt: null, updatedAt: at };
        await store.put([revived]);
        return { record: revived, stored: true };
      }
      if (records.length >= MAX_MEMORY_RECORDS)
        throw new ProtocolFailure(
          'MEMORY_LIMIT_REACHED',
          `Memory holds at most ${MAX_MEMORY_RECORDS} records. Delete some in Settings → Memory first.`,
        );
      const record: MemoryRecord = {
        id: freshId(new Set(records.map((candidate) => candidate.id))),
        text,
        kind: input.kind ?? 'preference',
        scope: input.scope,
        confidence: 1,
        source: 'explicit',
        createdAt: at,
        updatedAt: at,
        lastUsedAt: null,
        archivedAt: null,
      };
      await store.put([record]);
      return { record, stored: true };
    },

    async update(id: string, text: string): Promise<MemoryRecord> {
      const clean = checkText(text);
      const record = await find(id);
      const key = duplicateKey({ text: clean, scope: record.scope });
      const twin = (await store.list()).find(
        (candidate) => candidate.id !== id && duplicateKey(candidate) === key,
      );
      if (twin)
        throw new ProtocolFailure('MEMORY_TEXT_REFUSED', 'The same text is already remembered.');
      const updated = { ...record, text: clean, updatedAt: now() };
      await store.put([updated]);
      return updated;
    },

    async forget(id: string): Promise<MemoryRecord> {
      const record = await find(id);
      if (record.archivedAt !== null) return record;
      const archived = { ...record, archivedAt: now(), updatedAt: now() };
      await store.put([archived]);
      return archived;
    },

    delete: (id: string) => store.delete(id),
    clear: () => store.clear(),
    saveSettings: (settings: MemorySettings) => store.saveSettings(settings),

    async exportJson(): Promise<{ json: string; count: number }> {
      const records = await store.list();
      return { json: serializeMemoryExport(records, now()), count: records.length };
    },

    async importJson(json: string) {
      if (json.length > MAX_MEMORY_IMPORT_CHARS)
        throw new ProtocolFailure(
          'MEMORY_IMPORT_TOO_LARGE',
          `That file is too large to import (at most ${Math.round(MAX_MEMORY_IMPORT_CHARS / 1024)} KiB).`,
        );
      const candidates = parseMemoryExport(json);
      const result = normalizeRecords(candidates, await store.list());
      // All or nothing: the kept records land in one transaction.
      if (result.records.length > 0) await store.put(result.records);
      return { imported: result.records.length, skipped: result.dropped, reasons: result.reasons };
    },

    /**
     * Stores what auto-learn proposed, as `learned` global records, after the same
     * checks as anything typed; repeats and refusals are dropped. Returns how many.
     */
    async addLearned(proposals: readonly { text: string; kind: MemoryKind }[]): Promise<number> {
      const existing = await store.list();
      const taken = new Set(existing.map((record) => record.id));
      const at = now();
      const candidates = proposals.map((proposal) => {
        const id = freshId(taken);
        taken.add(id);
        return {
          id,
          text: proposal.text.trim(),
          kind: proposal.kind,
          scope: 'global',
          confidence: 0.6,
          source: 'learned',
          createdAt: at,
          updatedAt: at,
          lastUsedAt: null,
          archivedAt: null,
        };
      });
      const result = normalizeRecords(candidates, existing);
      if (result.records.length > 0) await store.put(result.records);
      return result.records.length;
    },

    /**
     * The block a run on `origin` carries, or null (memory off, nothing applies).
     * Marks the records it used; a failed mark never fails the run.
     */
    async contextFor(origin: string | null): Promise<string | null> {
      const settings = await store.settings();
      if (!settings.enabled) return null;
      const block = buildMemoryBlock(await store.list(), origin, settings.maxChars);
      if (!block) return null;
      const at = now();
      void store
        .put(block.used.map((record) => ({ ...record, lastUsedAt: at })))
        .catch(() => undefined);
      return block.text;
    },
  };
}
