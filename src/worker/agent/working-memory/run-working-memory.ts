// ## Owns
// The run loop's side of working memory: which tools the model is offered this
// round (long-task.ts), and after the plan and every tool round, re-pinning the
// memory into the conversation, keeping it with the answer and telling the panel,
// each only when the memory changed.
import { hasWorkingMemory } from '../../../shared/protocol/working-memory';
import type { ModelMessage, ModelToolDefinition } from '../../providers/model-adapter';
import type { RunTools } from '../../tools/run-tool-policy';
import { pinWorkingMemory } from '../context-plan';
import type { RunContext } from '../run-context';
import { isLongTask } from './long-task';

export interface RunWorkingMemory {
  /** The tools the model sees in `round`. */
  tools(round: number): ModelToolDefinition[];
  /** Pins, records and shows the memory if it changed since the last call. */
  sync(messages: ModelMessage[], firstRunMessage: number): void;
  /** The run ends: tells the person which ledger rows were left open, if any. */
  atEnd(): void;
}

/** Open rows named in the end notice; the rest are counted. */
const NAMED_OPEN_ROWS = 10;

export function createRunWorkingMemory(
  run: Pick<RunContext, 'memory' | 'recorder' | 'events'>,
  runTools: RunTools,
): RunWorkingMemory {
  const all = runTools.offered.modelTools();
  const short = runTools.offered.only((tool) => tool.offer !== 'long-task').modelTools();
  let synced = 0;
  return {
    tools: (round) =>
      isLongTask({
        hasPlan: run.memory.plan() !== null,
        round,
        hasMemory: hasWorkingMemory(run.memory.snapshot()),
      })
        ? all
        : short,
    sync(messages, firstRunMessage) {
      if (run.memory.version() === synced) return;
      synced = run.memory.version();
      const memory = run.memory.snapshot();
      const plan = run.memory.plan();
      pinWorkingMemory(messages, plan, memory, firstRunMessage);
      run.recorder.setMemory(memory);
      run.events.memory({ ...(plan ? { plan } : {}), memory });
    },
    atEnd() {
      const open = run.memory.openRows();
      if (open.length === 0) return;
      const named = open.slice(0, NAMED_OPEN_ROWS).map((row) => `${row.id} (${row.status})`);
      const more =
        open.length > NAMED_OPEN_ROWS ? ` and ${open.length - NAMED_OPEN_ROWS} more` : '';
      run.events.notice(
        'warning',
        `The run ended with ${open.length} checklist ${open.length === 1 ? 'item' : 'items'} not finished: ${named.join(', ')}${more}. The checklist is kept with this answer.`,
        'LEDGER_OPEN_AT_END',
      );
    },
  };
}
