// The ledger half of verified done: a run that tracks its items in the progress
// ledger is not finished while a row is still pending or acted, whatever outcome it
// claims. The model is sent back with the open rows; it finishes them or closes them
// as skipped or failed (saying why), so the checklist the person keeps is true.
import type { LedgerRow } from '../../../../shared/protocol/working-memory';
import type { ToolOutcome } from '../../../../worker/tools/define-tool';

/** Open rows listed in the refusal; the rest are counted. */
export const LISTED_OPEN_ROWS = 20;

/** The refusal of `done` over open rows, or null when none is open. */
export function ledgerRefusal(
  open: readonly LedgerRow[],
): Extract<ToolOutcome, { ok: false }> | null {
  if (open.length === 0) return null;
  const listed = open.slice(0, LISTED_OPEN_ROWS).map((row) => ({ id: row.id, status: row.status }));
  const more = open.length - listed.length;
  const words = listed.map((row) => `${row.id} (${row.status})`).join(', ');
  return {
    ok: false,
    code: 'DONE_LEDGER_OPEN',
    message: `Not finished: ${open.length} ledger ${open.length === 1 ? 'row is' : 'rows are'} still open: ${words}${more > 0 ? ` and ${more} more` : ''}. Finish them, or mark each skipped or failed with progress_update (a field saying why), then call done again.`,
    details: { open_rows: listed, open_count: open.length },
    summary:
      `${open.length} checklist ${open.length === 1 ? 'item was' : 'items were'} still open, so the agent was sent back: ${words}${more > 0 ? ` and ${more} more` : ''}.`.slice(
        0,
        400,
      ),
  };
}
