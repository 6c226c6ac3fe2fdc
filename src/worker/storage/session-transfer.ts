// ## Owns
// Export and import of chats (Settings → Sessions). The export is chat records only:
// never settings, API keys, headers, trust choices, revert copies or snapshots, and
// credential-like strings in their texts are replaced by markers. The
// import treats the file as hostile: it is size-bounded, every record is validated on
// its own (invalid ones are counted as rejected and never written), ids are
// regenerated on collision, and each chat is written in one transaction.
import {
  ChatTurnSchema,
  SessionMetaSchema,
  type ChatTurn,
  type SessionMeta,
} from '../../shared/protocol/chat-records';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import { siteById } from '../../sites/sites';
import { MAX_IMPORT_CHARS } from '../../shared/protocol/session-messages';
import { scopeKeyOf, type SessionRecord } from './chat-db-schema';
import { prepareTurn, writeTurn } from './chat-turn-writer';
import { metaWithoutSecrets, turnWithoutSecrets } from './export-secrets';
import type { IndexedDbChatStore } from './chats.store';

export const EXPORT_FORMAT = 'side-agent-sessions';
export const EXPORT_VERSION = 1;
/** Most chats one import file may hold. */
export const MAX_IMPORT_SESSIONS = 500;
/** Most turns per imported chat (the protocol bound of a chat). */
export const MAX_IMPORT_TURNS = 2_000;
/** Largest imported chat after trimming optional data; larger ones are rejected. */
export const MAX_IMPORT_CHAT_BYTES = 4 * 1_048_576;
const MAX_ERRORS = 20;
const IMPORTED_RECEIPT_REASON =
  'Imported chat: the document copy needed to revert is not part of exports.';

/** The export and import operations behind session/export and session/import. */
export interface SessionTransfer {
  exportJson(): Promise<{ json: string; sessionCount: number }>;
  importJson(json: string): Promise<{ imported: number; rejected: number; errors: string[] }>;
}

/**
 * Local editor-state events describe this profile's document history; they are not
 * exported. Secrets in the texts are replaced by markers (export-secrets.ts).
 */
function forExport(turn: ChatTurn): ChatTurn {
  if (turn.role !== 'assistant' || turn.editorEvents === undefined) return turnWithoutSecrets(turn);
  const { editorEvents: _local, ...rest } = turn;
  return turnWithoutSecrets(rest);
}

/**
 * Imported turns: user turns are marked imported (the model is told they came from a
 * file), revert receipts become unavailable (their document copy is absent), and an
 * approved plan is dropped: the approval was given elsewhere, not by the person here,
 * and a kept plan would be pinned into later runs as theirs. The working memory goes
 * too: it would be pinned as the model's own notes, but a file can say anything.
 */
function forImport(turn: ChatTurn): ChatTurn {
  if (turn.role !== 'assistant') return { ...turn, imported: true };
  const { editorEvents: _local, plan: _approvedElsewhere, memory: _notesElsewhere, ...rest } = turn;
  const segments = rest.segments.map((segment) =>
    segment.kind !== 'tools'
      ? segment
      : {
          kind: 'tools' as const,
          calls: segment.calls.map((call) =>
            call.receipt
              ? {
                  ...call,
                  receipt: {
                    ...call.receipt,
                    status: 'unavailable' as const,
                    unavailableReason: IMPORTED_RECEIPT_REASON,
                  },
                }
              : call,
          ),
        },
  );
  return { ...rest, segments };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const issueText = (error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> }) => {
  const issue = error.issues[0];
  return issue ? `${issue.path.map(String).join('.') || 'record'}: ${issue.message}` : 'invalid';
};

class ChatTooLarge extends Error {}

/** Export and import over the IndexedDB chat store. */
export function createSessionTransfer(store: IndexedDbChatStore): SessionTransfer {
  return {
    async exportJson() {
      const metas = await store.search('');
      const parts: string[] = [];
      let chars = 0;
      for (const meta of metas) {
        const chat = await store.get(meta.id);
        if (!chat) continue;
        const part = JSON.stringify({
          meta: metaWithoutSecrets(chat.meta),
          turns: chat.turns.map(forExport),
        });
        chars += part.length + 1;
        if (chars > MAX_IMPORT_CHARS - 200) {
          throw new ProtocolFailure(
            'SESSION_EXPORT_TOO_LARGE',
            'The chats are larger than one export file can hold (16 MiB). Delete or trim old chats, then export again.',
          );
        }
        parts.push(part);
      }
      const head = JSON.stringify({
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        exportedAt: new Date().toISOString(),
      });
      return {
        json: `${head.slice(0, -1)},"sessions":[${parts.join(',')}]}`,
        sessionCount: parts.length,
      };
    },

    async importJson(json) {
      if (json.length > MAX_IMPORT_CHARS)
        throw new ProtocolFailure(
          'SESSION_IMPORT_SIZE_LIMIT',
          'The import file is larger than 16 MiB.',
        );
      let parsed: unknown;
      try {
        parsed = JSON.parse(json);
      } catch {
        throw new ProtocolFailure('SESSION_IMPORT_INVALID', 'The import file is not valid JSON.');
      }
      if (
        !isRecord(parsed) ||
        parsed['format'] !== EXPORT_FORMAT ||
        !Array.isArray(parsed['sessions'])
      ) {
        throw new ProtocolFailure(
          'SESSION_IMPORT_INVALID',
          'This is not a Side Agent sessions export.',
        );
      }
      if (parsed['version'] !== EXPORT_VERSION)
        throw new ProtocolFailure(
          'SESSION_IMPORT_INVALID',
          `Export version ${String(parsed['version']).slice(0, 20)} is not supported.`,
        );
      const sessions = parsed['sessions'] as unknown[];
      if (sessions.length > MAX_IMPORT_SESSIONS)
        throw new ProtocolFailure(
          'SESSION_IMPORT_SIZE_LIMIT',
          `The file holds ${sessions.length} chats; at most ${MAX_IMPORT_SESSIONS} can be imported at once.`,
        );

      const result = { imported: 0, rejected: 0, errors: [] as string[] };
      const note = (text: string) => {
        if (result.errors.length < MAX_ERRORS) result.errors.push(text.slice(0, 300));
      };
      const usedIds = new Set<string>();
      for (const [index, entry] of sessions.entries()) {
        const label = `Chat ${index + 1}`;
        const meta = isRecord(entry) ? SessionMetaSchema.safeParse(entry['meta']) : null;
        const rawTurns = isRecord(entry) ? entry['turns'] : undefined;
        if (
          !meta?.success ||
          !Array.isArray(rawTurns) ||
          rawTurns.length > MAX_IMPORT_TURNS ||
          Object.keys(entry as object).some((key) => key !== 'meta' && key !== 'turns')
        ) {
          result.rejected += 1;
          note(
            `${label}: rejected (${meta && !meta.success ? issueText(meta.error) : 'not a chat record, or too many turns'}).`,
          );
          continue;
        }
        // A chat of a site this version does not know could never be opened or run.
        if (!siteById(meta.data.scope.siteId)) {
          result.rejected += 1;
          note(`${label}: rejected (it belongs to a site this version does not know).`);
          continue;
        }
        const turns: ChatTurn[] = [];
        const turnIds = new Set<string>();
        for (const [turnIndex, rawTurn] of rawTurns.entries()) {
          const turn = ChatTurnSchema.safeParse(rawTurn);
          if (!turn.success) {
            result.rejected += 1;
            note(`${label}, turn ${turnIndex + 1}: rejected (${issueText(turn.error)}).`);
            continue;
          }
          const id = turnIds.has(turn.data.id) ? store.createId() : turn.data.id;
          turnIds.add(id);
          try {
            turns.push(prepareTurn(forImport({ ...turn.data, id })));
          } catch (error) {
            result.rejected += 1;
            note(
              `${label}, turn ${turnIndex + 1}: rejected (${error instanceof Error ? error.message : 'invalid'}).`,
            );
          }
        }
        try {
          await writeImportedChat(store, meta.data, turns, usedIds);
          result.imported += 1;
        } catch (error) {
          result.rejected += 1;
          if (error instanceof ChatTooLarge) {
            note(
              `${label}: rejected (larger than ${MAX_IMPORT_CHAT_BYTES / 1_048_576} MiB after trimming).`,
            );
            continue;
          }
          const failure = error instanceof ProtocolFailure ? error : null;
          note(`${label}: not saved (${failure?.message ?? String(error)}).`);
          // Storage is full: later chats would fail the same way, so stop and say so.
          if (failure?.code === 'STORAGE_QUOTA_EXCEEDED') {
            result.rejected += sessions.length - index - 1;
            break;
          }
        }
      }
      return result;
    },
  };
}

/** Writes one imported chat in one transaction; ids that collide get new ones. */
async function writeImportedChat(
  store: IndexedDbChatStore,
  meta: SessionMeta,
  turns: readonly ChatTurn[],
  usedIds: Set<string>,
): Promise<void> {
  await store.write(async (tx) => {
    const sessions = tx.objectStore('sessions');
    let id = meta.id;
    if (usedIds.has(id) || (await sessions.getKey(id)) !== undefined) id = store.createId();
    const record: SessionRecord = {
      id,
      scope: meta.scope,
      scopeKey: scopeKeyOf(meta.scope),
      name: meta.name,
      createdAt: meta.createdAt,
      updatedAt: meta.createdAt,
      userRenamed: meta.userRenamed,
      turnCount: 0,
      approxBytes: 0,
      preview: '',
      nextSeq: 0,
      compactedThroughSeq: -1,
    };
    await sessions.add(record);
    let written = record;
    for (const turn of turns)
      written = await writeTurn(tx, id, turn, meta.createdAt, store.chatBudget);
    if (written.approxBytes > MAX_IMPORT_CHAT_BYTES) throw new ChatTooLarge();
    await sessions.put({ ...written, updatedAt: Math.max(meta.updatedAt, meta.createdAt) });
    usedIds.add(id);
  });
}
