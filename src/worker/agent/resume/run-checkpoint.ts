// ## Owns
// Writing a run's resume state into its journal entry at each step boundary and
// whenever a card opens or closes, so the entry a dead worker leaves says where the
// run was. Writes are serialized and best effort: a failed write costs only the
// resume (the turn itself is saved by the run's save queue).
import type { RunStartRequest } from '../../../shared/protocol/run-messages';
import type { RunJournal } from '../run-journal';
import type { SpentTokens } from '../budget/call-usage';
import type { RunResumeState } from './resume-state';

export interface RunCheckpoint {
  /** The run's first entry; awaited before the run does any work. */
  start(): Promise<void>;
  /** `steps` tool rounds are finished. */
  step(steps: number): void;
  /** The card the run waits on now (its kind), or null when none is open. */
  pending(kind: string | null): void;
  /** What the run's model calls spent so far, and their cost when priced (written with the next step). */
  spent(tokens: SpentTokens, costUsd?: number | null): void;
}

export function createRunCheckpoint(input: {
  readonly journal: RunJournal;
  readonly runId: string;
  readonly assistantTurnId: string;
  readonly request: RunStartRequest;
  /** Where a resumed run starts from; a fresh run starts at zero. */
  readonly steps?: number;
  readonly resumes?: number;
  readonly spent?: SpentTokens | undefined;
  readonly costUsd?: number | undefined;
  /** False: a new worker marks the run interrupted instead (its owner starts it anew). */
  readonly resumable?: boolean;
}): RunCheckpoint {
  const state: RunResumeState = {
    request: input.request,
    steps: input.steps ?? 0,
    resumes: input.resumes ?? 0,
    pending: null,
    ...(input.spent ? { spent: whole(input.spent) } : {}),
    ...(input.costUsd !== undefined ? { costUsd: input.costUsd } : {}),
  };
  const entryOf = () => ({
    runId: input.runId,
    sessionId: input.request.sessionId,
    assistantTurnId: input.assistantTurnId,
    ...(input.resumable === false ? {} : { resume: structuredClone(state) }),
  });
  let tail: Promise<unknown> = Promise.resolve();
  const write = () => {
    const entry = entryOf();
    const next = tail.then(() => input.journal.add(entry));
    tail = next.catch(() => undefined);
    return next;
  };
  let started = false;
  return {
    async start() {
      await write();
      started = true;
    },
    step(steps) {
      state.steps = steps;
      if (started) void write().catch(() => undefined);
    },
    spent(tokens, costUsd = null) {
      state.spent = whole(tokens);
      if (costUsd !== null) state.costUsd = costUsd;
    },
    pending(kind) {
      if (state.pending === kind) return;
      state.pending = kind;
      if (started) void write().catch(() => undefined);
    },
  };
}

const whole = (tokens: SpentTokens) => ({
  inputTokens: Math.max(0, Math.round(tokens.inputTokens)),
  outputTokens: Math.max(0, Math.round(tokens.outputTokens)),
  estimated: tokens.estimated,
});
