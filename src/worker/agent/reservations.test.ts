import { describe, expect, it } from 'vitest';
import { createReservationBook } from './reservations';

const identity = (sessionId = 's1', tabId = 1) => ({
  tabId,
  scope: { siteId: 'typst' as const, projectId: 'p1' },
  sessionId,
});
const none = () => false;

describe('reservations', () => {
  it('admits one run per chat, requires the exact identity at start, and frees the chat when taken', () => {
    const book = createReservationBook();
    book.reserve('r1', identity(), none, none);
    expect(() => book.reserve('r2', identity(), none, none)).toThrow(
      expect.objectContaining({ code: 'SESSION_RUN_ACTIVE' }),
    );
    expect(() => book.reserve('r1', identity('s2'), none, none)).toThrow(
      expect.objectContaining({ code: 'DUPLICATE_RUN_ID' }),
    );
    book.reserve('r3', identity('s2'), none, none);
    expect(() => book.take('r1', identity('s1', 2))).toThrow(
      expect.objectContaining({ code: 'RUN_RESERVATION_MISMATCH' }),
    );
    expect(() => book.take('nope', identity())).toThrow(
      expect.objectContaining({ code: 'RUN_NOT_RESERVED' }),
    );
    expect(book.take('r1', identity())).toEqual({ kind: 'reserved', identity: identity() });
    expect(() => book.take('r1', identity())).toThrow(
      expect.objectContaining({ code: 'RUN_NOT_RESERVED' }),
    );
    expect(() => book.reserve('r4', identity(), none, () => true)).toThrow(
      expect.objectContaining({ code: 'SESSION_RUN_ACTIVE' }),
    );
  });

  it('bounds reservations and tombstones in count and time', () => {
    let now = 0;
    const book = createReservationBook({ now: () => now, maxReservations: 2, maxTombstones: 3 });
    book.reserve('a', identity('1'), none, none);
    book.reserve('b', identity('2'), none, none);
    expect(() => book.reserve('c', identity('3'), none, none)).toThrow(
      expect.objectContaining({ code: 'RUN_RESERVATION_LIMIT' }),
    );
    now = 30_000;
    book.reserve('c', identity('3'), none, none);
    expect(() => book.take('a', identity('1'))).toThrow(
      expect.objectContaining({ code: 'RUN_NOT_RESERVED' }),
    );
    for (const runId of ['t1', 't2', 't3', 't4']) book.cancel(runId);
    expect(book.counts().tombstones).toBe(3);
    expect(() => book.take('t1', identity())).toThrow(
      expect.objectContaining({ code: 'RUN_NOT_RESERVED' }),
    );
    expect(book.take('t4', identity())).toEqual({ kind: 'cancelled' });
    now = 60_001;
    expect(book.counts()).toEqual({ reservations: 0, tombstones: 0 });
  });
});
