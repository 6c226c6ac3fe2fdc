// ## Owns
// A run that goes on where a previous worker instance left it: what it starts from
// (its settled turn, its rounds as messages, its step count), what every run records
// into (turn, journal checkpoint, working memory) and the loop's side of
// going on: its rounds and working memory back in the conversation, and the person
// told that the task continues.
import type { AssistantTurn } from '../../../shared/protocol/chat-records';
import type { RunStartRequest } from '../../../shared/protocol/run-messages';
import type { ModelMessage } from '../../providers/model-adapter';
import { pinWorkingMemory } from '../context-plan';
import type { RunContext } from '../run-context';
import type { RunJournal } from '../run-journal';
import { createTurnRecorder } from '../turn-recorder';
import { createWorkingMemory } from '../working-memory/working-memory';
import { createRunCheckpoint } from './run-checkpoint';
import type { SpentTokens } from '../budget/call-usage';
import type { RunResumeState } from './resume-state';
import { resumedConversation } from './resumed-conversation';

export interface ResumedRun {
  /** The stored turn with the calls the old worker left open settled. */
  readonly turn: AssistantTurn;
  readonly messages: readonly ModelMessage[];
  /** Tool rounds the run had finished. */
  readonly steps: number;
  /** How many times this run was resumed, this time included. */
  readonly resumes: number;
  /** What its model calls spent before the restart (its token limit counts it). */
  readonly spent?: SpentTokens;
  /** US dollars its priced calls spent before the restart (its cost limit counts them). */
  readonly costUsd?: number;
}

/**
 * What a run records into: its turn, its journal checkpoint and its working memory,
 * each starting from the stored turn when the run is resumed.
 */
export function runRecords(input: {
  readonly runId: string;
  readonly assistantTurnId: string;
  readonly start: RunStartRequest;
  readonly journal: RunJournal;
  readonly now: number;
  readonly resumed?: ResumedRun | undefined;
  readonly resumable?: boolean | undefined;
}) {
  const { resumed } = input;
  const recorder = createTurnRecorder({
    id: input.assistantTurnId,
    runId: input.runId,
    createdAt: resumed?.turn.createdAt ?? input.now,
    ...(resumed ? { from: resumed.turn } : {}),
  });
  const checkpoint = createRunCheckpoint({
    journal: input.journal,
    runId: input.runId,
    assistantTurnId: input.assistantTurnId,
    request: input.start,
    ...(resumed
      ? {
          steps: resumed.steps,
          resumes: resumed.resumes,
          spent: resumed.spent,
          ...(resumed.costUsd !== undefined ? { costUsd: resumed.costUsd } : {}),
        }
      : {}),
    ...(input.resumable === false ? { resumable: false } : {}),
  });
  const { memory, plan } = resumed?.turn ?? {};
  const book = createWorkingMemory(resumed ? { memory, ...(plan ? { plan } : {}) } : undefined);
  return { recorder, checkpoint, memory: book };
}

export function resumedRunOf(state: RunResumeState, stored: AssistantTurn): ResumedRun {
  const { messages, turn } = resumedConversation(stored);
  return {
    turn,
    messages,
    steps: state.steps,
    resumes: state.resumes + 1,
    ...(state.spent ? { spent: state.spent } : {}),
    ...(state.costUsd !== undefined ? { costUsd: state.costUsd } : {}),
  };
}

/**
 * Puts a resumed run's rounds after the run's first message and pins its working
 * memory; returns the round the loop goes on with (1 for a run that is not resumed).
 */
export function continueResumed(
  run: Pick<RunContext, 'resumed' | 'memory' | 'events'>,
  messages: ModelMessage[],
  firstRunMessage: number,
): number {
  const resumed = run.resumed;
  if (!resumed) return 1;
  messages.push(...structuredClone(resumed.messages as ModelMessage[]));
  const memory = run.memory.snapshot();
  const plan = run.memory.plan();
  pinWorkingMemory(messages, plan, memory, firstRunMessage);
  run.events.memory({ ...(plan ? { plan } : {}), memory });
  run.events.notice(
    'info',
    `Side Agent restarted during this task; it goes on after step ${resumed.steps}.`,
    'RUN_RESUMED',
  );
  return resumed.steps + 1;
}
