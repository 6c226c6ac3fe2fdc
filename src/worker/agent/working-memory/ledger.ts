// ## Owns
// The progress ledger's rules, pure: how one progress_update changes the rows. An
// update is checked whole before anything changes, so a refused update changes no
// row. Ids are compared folded (case, width, surrounding space): two spellings of
// one id are a collision the model must resolve, never two rows for one item.
// Closed rows (processed, skipped, failed) stay as they are unless the update says
// `reopen`, so a later mistake cannot silently undo finished work.
import type { ErrorCode } from '../../../shared/protocol/error-codes';
import {
  WORKING_MEMORY_LIMITS,
  isClosedStatus,
  type LedgerField,
  type LedgerRow,
  type LedgerStatus,
} from '../../../shared/protocol/working-memory';

/** One row change as the tool received it. */
export interface LedgerUpdate {
  readonly id: string;
  readonly status: LedgerStatus;
  readonly fields?: readonly LedgerField[] | undefined;
  readonly reopen?: boolean | undefined;
}

export type LedgerChange =
  | {
      readonly ok: true;
      readonly rows: LedgerRow[];
      readonly added: number;
      readonly changed: number;
    }
  | { readonly ok: false; readonly code: ErrorCode; readonly message: string };

/** The key two ids are compared by. */
export const ledgerKey = (id: string) => id.normalize('NFKC').trim().toLowerCase();

const refuse = (code: ErrorCode, message: string): LedgerChange => ({ ok: false, code, message });

/** Fields merged by name: a new value replaces the old one, an empty value removes it. */
function mergeFields(
  old: readonly LedgerField[],
  next: readonly LedgerField[] | undefined,
): LedgerField[] | null {
  const merged = new Map(old.map((field) => [field.name, field.value]));
  for (const field of next ?? []) {
    if (field.value === '') merged.delete(field.name);
    else merged.set(field.name, field.value);
  }
  if (merged.size > WORKING_MEMORY_LIMITS.fields) return null;
  return [...merged].map(([name, value]) => ({ name, value }));
}

/** Applies `updates` to `rows` (unchanged), or says why none of them was applied. */
export function applyLedgerUpdates(
  rows: readonly LedgerRow[],
  updates: readonly LedgerUpdate[],
): LedgerChange {
  const byKey = new Map(rows.map((row, index) => [ledgerKey(row.id), index]));
  const seen = new Map<string, string>();
  for (const update of updates) {
    const key = ledgerKey(update.id);
    if (key === '') return refuse('ARGUMENTS_INVALID', 'A row id cannot be blank.');
    const twin = seen.get(key);
    if (twin !== undefined)
      return refuse(
        'LEDGER_ID_COLLISION',
        `Ids ${JSON.stringify(twin)} and ${JSON.stringify(update.id)} name the same row in one update. Send each row once. Nothing was changed.`,
      );
    seen.set(key, update.id);
    const index = byKey.get(key);
    const existing = index === undefined ? undefined : rows[index];
    if (existing && existing.id !== update.id.trim())
      return refuse(
        'LEDGER_ID_COLLISION',
        `Id ${JSON.stringify(update.id)} collides with the existing row ${JSON.stringify(existing.id)}. Use the exact id to update that row, or a clearly different id for a different item. Nothing was changed.`,
      );
    if (existing && isClosedStatus(existing.status) && update.reopen !== true)
      return refuse(
        'LEDGER_ROW_CLOSED',
        `Row ${JSON.stringify(existing.id)} is already ${existing.status} and locked. Set reopen: true only if that item really must be done again. Nothing was changed.`,
      );
  }
  const next = rows.map((row) => ({ ...row, fields: [...row.fields] }));
  let added = 0;
  let changed = 0;
  for (const update of updates) {
    const index = byKey.get(ledgerKey(update.id));
    const existing = index === undefined ? undefined : next[index];
    const fields = mergeFields(existing?.fields ?? [], update.fields);
    if (fields === null)
      return refuse(
        'ARGUMENTS_INVALID',
        `Row ${JSON.stringify(update.id)} would hold more than ${WORKING_MEMORY_LIMITS.fields} fields. Keep only the ones the task needs (an empty value removes a field). Nothing was changed.`,
      );
    if (existing && index !== undefined) {
      next[index] = { id: existing.id, status: update.status, fields };
      changed += 1;
    } else {
      next.push({ id: update.id.trim(), status: update.status, fields });
      added += 1;
    }
  }
  if (next.length > WORKING_MEMORY_LIMITS.rows)
    return refuse(
      'LEDGER_FULL',
      `The ledger holds at most ${WORKING_MEMORY_LIMITS.rows} rows; this update would make ${next.length}. Track larger groups per row. Nothing was changed.`,
    );
  return { ok: true, rows: next, added, changed };
}

/** Rows still waiting for work: the ones `done` refuses to finish over. */
export const openRows = (rows: readonly LedgerRow[]) =>
  rows.filter((row) => row.status === 'pending' || row.status === 'acted');

/** Counts by status, for a summary line. */
export function statusCounts(rows: readonly LedgerRow[]): Record<LedgerStatus, number> {
  const counts = { pending: 0, acted: 0, processed: 0, skipped: 0, failed: 0 };
  for (const row of rows) counts[row.status] += 1;
  return counts;
}
