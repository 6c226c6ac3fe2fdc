// ## Owns
// Writing one turn inside one readwrite transaction: allocate or find its seq, keep
// the chat within its byte budget by trimming optional data, update the session
// record. Only IndexedDB requests are awaited here (a non-IDB await would let the
// transaction auto-commit midway).
import type { IDBPTransaction } from 'idb';
import { ChatTurnSchema, type ChatTurn } from '../../shared/protocol/chat-records';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { ChatDbSchema, SearchRecord, SessionRecord, TurnRecord } from './chat-db-schema';
import { approxBytes, boundTurn, trimOptional } from './chat-trim';
import { sessionNotFound } from './storage-errors';

/** Lower-cased text kept per session for search, at most 4,000 characters. */
export const MAX_SEARCH_TEXT_CHARS = 4_000;
const MAX_PREVIEW_CHARS = 160;

export type ChatWriteTransaction = IDBPTransaction<
  ChatDbSchema,
  ['sessions', 'turns', 'search'],
  'readwrite'
>;

/** Bounds a turn and checks it against the stored schema before any write. */
export function prepareTurn(turn: ChatTurn): ChatTurn {
  const bounded = boundTurn(turn);
  const parsed = ChatTurnSchema.safeParse(bounded);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ProtocolFailure(
      'SESSION_RECORD_INVALID',
      `This turn was not saved: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`.trim(),
    );
  }
  return parsed.data;
}

/** The searchable text of a turn (user text, assistant answer text). */
export function searchableText(turn: ChatTurn): string {
  if (turn.role === 'user') return turn.text;
  return turn.segments.map((segment) => (segment.kind === 'text' ? segment.text : '')).join(' ');
}

const turnsRange = (sessionId: string, fromSeq: number, toSeq: number) =>
  IDBKeyRange.bound([sessionId, fromSeq], [sessionId, toSeq]);

/**
 * Trims optional data of older turns, oldest first, until the chat fits the budget.
 * Resumes after `compactedThroughSeq`, so a chat that stays over budget (all user
 * text) is not rescanned on every save.
 */
async function compactOlderTurns(
  tx: ChatWriteTransaction,
  session: SessionRecord,
  beforeSeq: number,
  total: number,
  budget: number,
) {
  let compacted = session.compactedThroughSeq;
  if (compacted + 1 > beforeSeq - 1) return { total, compacted };
  let cursor = await tx
    .objectStore('turns')
    .openCursor(turnsRange(session.id, compacted + 1, beforeSeq - 1));
  while (cursor && total > budget) {
    const record = cursor.value;
    const parsed = ChatTurnSchema.safeParse(record.turn);
    // A corrupt turn is left as it is (reads skip and report it); never rewritten.
    if (parsed.success) {
      const trimmed = trimOptional(parsed.data, 'reasoning');
      if (trimmed !== parsed.data) {
        const bytes = approxBytes(trimmed);
        await cursor.update({ ...record, turn: trimmed, bytes });
        total -= record.bytes - bytes;
      }
    }
    compacted = record.seq;
    cursor = await cursor.continue();
  }
  return { total, compacted };
}

/** Appends a new turn or replaces the turn with the same id; returns the new session record. */
export async function writeTurn(
  tx: ChatWriteTransaction,
  sessionId: string,
  prepared: ChatTurn,
  now: number,
  budget: number,
): Promise<SessionRecord> {
  const sessions = tx.objectStore('sessions');
  const turns = tx.objectStore('turns');
  const session = await sessions.get(sessionId);
  if (!session) throw sessionNotFound(sessionId);
  const existingKey = await turns.index('by-turn-id').getKey([sessionId, prepared.id]);
  const existing = existingKey === undefined ? undefined : await turns.get(existingKey);
  if (existing && existing.turn?.role !== prepared.role) {
    throw new ProtocolFailure(
      'SESSION_RECORD_INVALID',
      'This turn was not saved: its id belongs to a turn of another role.',
    );
  }
  const seq = existing ? existing.seq : session.nextSeq;
  const others = session.approxBytes - (existing?.bytes ?? 0);

  let turn = prepared;
  let bytes = approxBytes(turn);
  if (others + bytes > budget) {
    turn = trimOptional(turn, 'details');
    bytes = approxBytes(turn);
  }
  let { total, compacted } = { total: others + bytes, compacted: session.compactedThroughSeq };
  if (total > budget)
    ({ total, compacted } = await compactOlderTurns(tx, session, seq, total, budget));
  if (total > budget) {
    const trimmed = trimOptional(turn, 'reasoning');
    total += approxBytes(trimmed) - bytes;
    turn = trimmed;
    bytes = approxBytes(turn);
  }

  const record: TurnRecord = { sessionId, seq, turnId: turn.id, bytes, turn };
  await turns.put(record);
  const next: SessionRecord = {
    ...session,
    turnCount: session.turnCount + (existing ? 0 : 1),
    approxBytes: Math.max(0, total),
    updatedAt: Math.max(now, session.updatedAt),
    nextSeq: existing ? session.nextSeq : session.nextSeq + 1,
    compactedThroughSeq: compacted,
    preview:
      session.preview === '' && turn.role === 'user'
        ? turn.text.replace(/\s+/g, ' ').trim().slice(0, MAX_PREVIEW_CHARS)
        : session.preview,
  };
  await sessions.put(next);
  await updateSearchText(tx, sessionId, seq, turn);
  return next;
}

/**
 * Search text grows by each new turn until the cap, then is no longer written. A
 * replaced turn (an assistant turn saved as it streams) rewrites only its own tail,
 * so text is not duplicated.
 */
async function updateSearchText(
  tx: ChatWriteTransaction,
  sessionId: string,
  seq: number,
  turn: ChatTurn,
): Promise<void> {
  const store = tx.objectStore('search');
  const current: SearchRecord = (await store.get(sessionId)) ?? {
    sessionId,
    text: '',
    tailSeq: -1,
    tailStart: 0,
  };
  const isTail = seq === current.tailSeq;
  if (!isTail && seq < current.tailSeq) return;
  const base = isTail ? current.text.slice(0, current.tailStart) : current.text;
  if (base.length >= MAX_SEARCH_TEXT_CHARS) return;
  const piece = searchableText(turn).replace(/\s+/g, ' ').trim().toLowerCase();
  const text = (base === '' ? piece : `${base} ${piece}`).slice(0, MAX_SEARCH_TEXT_CHARS);
  if (text === current.text && current.tailSeq === seq) return;
  await store.put({ sessionId, text, tailSeq: seq, tailStart: base.length });
}
