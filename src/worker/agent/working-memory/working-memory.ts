// ## Owns
// A run's working memory: the approved plan, the scratchpad and the progress ledger,
// as one plain serialisable record (WorkingMemory plus the plan) that the run saves
// with its answer, pins into the conversation and shows in the panel. Every change
// goes through this book; tools never edit the record themselves.
// ## Why bounded by lines
// The scratchpad is pinned into every request, so it has a fixed ceiling; notes the
// model wrote last matter most, so the oldest lines go first.
import type { ErrorCode } from '../../../shared/protocol/error-codes';
import type { RunPlan } from '../../../shared/protocol/run-plan';
import {
  EMPTY_WORKING_MEMORY,
  WORKING_MEMORY_LIMITS,
  WorkingMemorySchema,
  type LedgerRow,
  type LedgerStatus,
  type WorkingMemory,
} from '../../../shared/protocol/working-memory';
import { applyLedgerUpdates, openRows, type LedgerChange, type LedgerUpdate } from './ledger';

export type ScratchpadWrite =
  | { readonly ok: true; readonly chars: number; readonly droppedLines: number }
  | { readonly ok: false; readonly code: ErrorCode; readonly message: string };

export interface LedgerPage {
  readonly rows: LedgerRow[];
  readonly total: number;
  readonly nextOffset: number | null;
}

export interface WorkingMemoryBook {
  plan(): RunPlan | null;
  setPlan(plan: RunPlan): void;
  /** A deep copy of the scratchpad and ledger. */
  snapshot(): WorkingMemory;
  writeScratchpad(text: string, mode: 'append' | 'replace'): ScratchpadWrite;
  updateRows(updates: readonly LedgerUpdate[]): LedgerChange;
  readRows(query: {
    readonly offset: number;
    readonly limit: number;
    readonly status?: LedgerStatus | undefined;
  }): LedgerPage;
  openRows(): LedgerRow[];
  /** Grows on every change, so the run pins and shows the memory only when it moved. */
  version(): number;
}

/** Keeps the newest lines of `text` that fit; returns them and how many were dropped. */
export function keepNewestLines(text: string): { text: string; dropped: number } {
  const lines = text.split('\n');
  let dropped = 0;
  let length = text.length;
  while (
    lines.length > 1 &&
    (length > WORKING_MEMORY_LIMITS.scratchpadChars ||
      lines.length > WORKING_MEMORY_LIMITS.scratchpadLines)
  ) {
    length -= (lines.shift() ?? '').length + 1;
    dropped += 1;
  }
  let kept = lines.join('\n');
  // One line longer than the whole pad keeps its end, which the model wrote last.
  if (kept.length > WORKING_MEMORY_LIMITS.scratchpadChars)
    kept = kept.slice(kept.length - WORKING_MEMORY_LIMITS.scratchpadChars);
  return { text: kept, dropped };
}

/** A book starting from `saved` (a stored record, checked) or empty. */
export function createWorkingMemory(saved?: {
  readonly memory?: unknown;
  readonly plan?: RunPlan;
}): WorkingMemoryBook {
  const parsed = WorkingMemorySchema.safeParse(saved?.memory);
  let memory: WorkingMemory = structuredClone(parsed.success ? parsed.data : EMPTY_WORKING_MEMORY);
  let plan: RunPlan | null = saved?.plan ? structuredClone(saved.plan) : null;
  let version = 0;
  return {
    plan: () => plan,
    setPlan(next) {
      plan = structuredClone(next);
      version += 1;
    },
    snapshot: () => structuredClone(memory),
    writeScratchpad(text, mode) {
      if (text.length > WORKING_MEMORY_LIMITS.writeChars)
        return {
          ok: false,
          code: 'SCRATCHPAD_TOO_LARGE',
          message: `That write has ${text.length.toLocaleString('en')} characters; one write takes at most ${WORKING_MEMORY_LIMITS.writeChars.toLocaleString('en')} and the scratchpad keeps ${WORKING_MEMORY_LIMITS.scratchpadChars.toLocaleString('en')}. Nothing was written. Keep short notes (ids, totals, what is left), not page text.`,
        };
      const joined =
        mode === 'replace' || memory.scratchpad === '' ? text : `${memory.scratchpad}\n${text}`;
      const kept = keepNewestLines(joined);
      memory = {
        ...memory,
        scratchpad: kept.text,
        droppedLines: memory.droppedLines + kept.dropped,
      };
      version += 1;
      return { ok: true, chars: kept.text.length, droppedLines: kept.dropped };
    },
    updateRows(updates) {
      const change = applyLedgerUpdates(memory.rows, updates);
      if (change.ok) {
        memory = { ...memory, rows: change.rows };
        version += 1;
      }
      return change;
    },
    readRows({ offset, limit, status }) {
      const matching = memory.rows.filter((row) => status === undefined || row.status === status);
      const size = Math.max(1, Math.min(limit, WORKING_MEMORY_LIMITS.pageRows));
      const rows = structuredClone(matching.slice(offset, offset + size));
      const end = offset + rows.length;
      return { rows, total: matching.length, nextOffset: end < matching.length ? end : null };
    },
    openRows: () => structuredClone(openRows(memory.rows)),
    version: () => version,
  };
}
