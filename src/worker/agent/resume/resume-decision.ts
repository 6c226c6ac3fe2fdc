// ## Owns
// The one decision about a run a previous worker instance left unfinished: resume it,
// end its turn with a plain reason, mark it interrupted (its resume state cannot be
// trusted), or leave it (its turn already ended). Pure: the caller gathered the turn
// and what the tab shows now.
// ## Why a waiting plan ends the run
// The plan card is the person's word before anything is done; a new worker cannot
// show the same card again without planning anew, and never approves for them.
import {
  sameScope,
  type AssistantTurn,
  type ChatTurn,
} from '../../../shared/protocol/chat-records';
import type { ErrorCode } from '../../../shared/protocol/error-codes';
import type { TabSite } from '../../../shared/protocol/site-catalog';
import { MAX_RESUMES, readResumeState, type RunResumeState } from './resume-state';

export type ResumeDecision =
  | { readonly kind: 'leave' }
  | { readonly kind: 'interrupt'; readonly reason: string }
  | {
      readonly kind: 'end';
      readonly code: ErrorCode;
      readonly message: string;
      readonly steps: number;
    }
  | { readonly kind: 'resume'; readonly state: RunResumeState; readonly turn: AssistantTurn };

const stepsText = (steps: number) => `${steps} ${steps === 1 ? 'step' : 'steps'}`;

export function decideResume(input: {
  /** The journal entry's resume part as stored (unchecked). */
  readonly stored: unknown;
  /** The run's stored turn, if the chat still holds it. */
  readonly turn: ChatTurn | undefined;
  /** What the run's tab shows now; null when the tab is gone. */
  readonly tab: TabSite | null;
}): ResumeDecision {
  const { turn } = input;
  if (turn?.role !== 'assistant' || turn.status !== 'incomplete') return { kind: 'leave' };
  const read = readResumeState(input.stored);
  if (!read.ok) return { kind: 'interrupt', reason: read.reason };
  const { state } = read;
  const steps = state.steps;
  if (state.resumes >= MAX_RESUMES)
    return {
      kind: 'end',
      code: 'RUN_RESUME_LIMIT',
      message: `The extension restarted ${state.resumes + 1} times during this task, so it stopped after ${stepsText(steps)}.`,
      steps,
    };
  if (!input.tab)
    return {
      kind: 'end',
      code: 'RUN_TAB_CLOSED',
      message: `The tab this task was working in was closed, so it stopped after ${stepsText(steps)}.`,
      steps,
    };
  if (!sameScope(input.tab.scope, state.request.scope))
    return {
      kind: 'end',
      code: 'RUN_TAB_CHANGED',
      message: `The tab this task was working in shows another page now, so it stopped after ${stepsText(steps)}.`,
      steps,
    };
  if (state.pending === 'plan-review')
    return {
      kind: 'end',
      code: 'RUN_RESUME_PLAN_LOST',
      message:
        'The extension restarted while the plan waited for your answer, so nothing was done. Send the message again to plan anew.',
      steps,
    };
  return { kind: 'resume', state, turn };
}
