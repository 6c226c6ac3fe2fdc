import { describe, expect, it } from 'vitest';
import { WORKING_MEMORY_LIMITS, type LedgerRow } from '../../../shared/protocol/working-memory';
import { applyLedgerUpdates, ledgerKey, openRows, statusCounts } from './ledger';

const rows: LedgerRow[] = [
  { id: 'A-1', status: 'processed', fields: [{ name: 'total', value: '10' }] },
  { id: 'A-2', status: 'pending', fields: [] },
];

describe('the progress ledger', () => {
  it('adds new rows and updates existing ones by exact id, merging fields', () => {
    const change = applyLedgerUpdates(rows, [
      { id: 'A-2', status: 'acted', fields: [{ name: 'note', value: 'sent' }] },
      { id: ' A-3 ', status: 'pending' },
    ]);
    expect(change).toMatchObject({ ok: true, added: 1, changed: 1 });
    expect(change.ok && change.rows).toEqual([
      rows[0],
      { id: 'A-2', status: 'acted', fields: [{ name: 'note', value: 'sent' }] },
      { id: 'A-3', status: 'pending', fields: [] },
    ]);
    // The rows it was given are not changed.
    expect(rows[1]?.status).toBe('pending');
  });

  it('refuses ids that collide, in one update or with an existing row, and changes nothing', () => {
    const twice = applyLedgerUpdates(rows, [
      { id: 'B-1', status: 'pending' },
      { id: 'b-1', status: 'acted' },
    ]);
    expect(twice).toMatchObject({ ok: false, code: 'LEDGER_ID_COLLISION' });
    const respelled = applyLedgerUpdates(rows, [{ id: 'a-2', status: 'acted' }]);
    expect(respelled).toMatchObject({ ok: false, code: 'LEDGER_ID_COLLISION' });
    expect(respelled.ok === false && respelled.message).toContain('"A-2"');
    expect(ledgerKey('\uff21-2 ')).toBe(ledgerKey('a-2'));
  });

  it('locks closed rows unless reopened, refusing the whole update', () => {
    const locked = applyLedgerUpdates(rows, [
      { id: 'A-2', status: 'processed' },
      { id: 'A-1', status: 'pending' },
    ]);
    expect(locked).toMatchObject({ ok: false, code: 'LEDGER_ROW_CLOSED' });
    const reopened = applyLedgerUpdates(rows, [{ id: 'A-1', status: 'pending', reopen: true }]);
    expect(reopened.ok && reopened.rows[0]?.status).toBe('pending');
  });

  it('bounds rows and fields, with a code and nothing applied', () => {
    const many = Array.from({ length: WORKING_MEMORY_LIMITS.rows }, (_, index) => ({
      id: `r${index}`,
      status: 'pending' as const,
      fields: [],
    }));
    expect(applyLedgerUpdates(many, [{ id: 'extra', status: 'pending' }])).toMatchObject({
      ok: false,
      code: 'LEDGER_FULL',
    });
    const fields = Array.from({ length: WORKING_MEMORY_LIMITS.fields + 1 }, (_, index) => ({
      name: `f${index}`,
      value: 'v',
    }));
    expect(applyLedgerUpdates(rows, [{ id: 'A-2', status: 'acted', fields }])).toMatchObject({
      ok: false,
      code: 'ARGUMENTS_INVALID',
    });
    // An empty value removes a field.
    const removed = applyLedgerUpdates(rows, [
      { id: 'A-1', status: 'processed', reopen: true, fields: [{ name: 'total', value: '' }] },
    ]);
    expect(removed.ok && removed.rows[0]?.fields).toEqual([]);
  });

  it('says which rows are open and counts by status', () => {
    expect(openRows(rows).map((row) => row.id)).toEqual(['A-2']);
    expect(statusCounts(rows)).toEqual({
      pending: 1,
      acted: 0,
      processed: 1,
      skipped: 0,
      failed: 0,
    });
  });
});
