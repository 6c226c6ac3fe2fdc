// The checklist of a long web task: the approved plan, the progress ledger with each
// row's status, and the agent's notes. Live on the running turn (it follows
// `run/memory`), and kept on the stored answer, so reopening a chat shows where the
// task ended. Everything here came from the model and may hold page words: text only.
import type { RunPlan } from '../../shared/protocol/run-plan';
import {
  isClosedStatus,
  type LedgerRow,
  type LedgerStatus,
  type WorkingMemory,
} from '../../shared/protocol/working-memory';

const STATUS_WORDS: Readonly<Record<LedgerStatus, string>> = {
  pending: 'to do',
  acted: 'in progress',
  processed: 'done',
  skipped: 'skipped',
  failed: 'failed',
};
const STATUS_MARKS: Readonly<Record<LedgerStatus, string>> = {
  pending: '\u25cb',
  acted: '\u25d0',
  processed: '\u2713',
  skipped: '\u2013',
  failed: '\u2717',
};

/** Props of {@link WorkingMemoryView}. */
export interface WorkingMemoryViewProps {
  readonly plan?: RunPlan | undefined;
  readonly memory: WorkingMemory;
  /** On the running turn the plan starts open; on a stored answer, closed. */
  readonly live: boolean;
}

function Row({ row }: { readonly row: LedgerRow }) {
  return (
    <li class={`ledger-row ledger-${row.status}`} data-testid="ledger-row" data-status={row.status}>
      <span class="ledger-mark" aria-hidden="true">
        {STATUS_MARKS[row.status]}
      </span>
      <span class="ledger-id">{row.id}</span>
      <span class="ledger-status">{STATUS_WORDS[row.status]}</span>
      {row.fields.length > 0 ? (
        <span class="ledger-fields">
          {row.fields.map((field) => `${field.name}: ${field.value}`).join(' \u00b7 ')}
        </span>
      ) : null}
    </li>
  );
}

/** The plan, ledger and notes of one run. */
export function WorkingMemoryView({ plan, memory, live }: WorkingMemoryViewProps) {
  const rows = memory.rows;
  const closed = rows.filter((row) => isClosedStatus(row.status)).length;
  return (
    <section class="working-memory" data-testid="working-memory" aria-label="Task checklist">
      {rows.length > 0 ? (
        <p class="working-memory-head" data-testid="ledger-progress">
          {`Checklist \u00b7 ${closed} of ${rows.length} finished`}
        </p>
      ) : null}
      {plan ? (
        <details class="working-memory-plan" open={live}>
          <summary>{`Plan \u00b7 ${plan.steps.length} ${plan.steps.length === 1 ? 'step' : 'steps'}`}</summary>
          <ol>
            {plan.steps.map((step, index) => (
              <li key={index}>{step}</li>
            ))}
          </ol>
        </details>
      ) : null}
      {rows.length > 0 ? (
        <ul class="ledger" aria-label="Checklist items">
          {rows.map((row) => (
            <Row key={row.id} row={row} />
          ))}
        </ul>
      ) : null}
      {memory.scratchpad !== '' ? (
        <details class="working-memory-notes" data-testid="scratchpad">
          <summary>Agent notes</summary>
          <pre>{memory.scratchpad}</pre>
        </details>
      ) : null}
    </section>
  );
}
