// ## Owns
// Scripted models for runs that plan first (Plan before Act): the planning call (no
// tools, our planner instructions as the system prompt) is answered from its own
// turns and the run's rounds from theirs, so each counts its turns from 0 as the
// scripted server does. Requests recorded by the server are sorted the same way.
import type { RecordedRequest, Scenario, ScenarioTurn } from './model-server/model-server.mjs';
import { PLANNER_HEADER } from '../../src/worker/agent/plan/plan-prompt';

/** A Chat Completions request body as the scripted server records it. */
export interface CompletionBody {
  readonly model?: string;
  readonly messages?: readonly { role: string; content: unknown }[];
  readonly tools?: readonly unknown[];
}

export const contentText = (content: unknown): string =>
  typeof content === 'string' ? content : JSON.stringify(content);

/** Whether a request is a run's planning call. */
export const isPlannerRequest = (body: CompletionBody | undefined): boolean =>
  contentText(body?.messages?.[0]?.content).startsWith(PLANNER_HEADER);

/** A planner turn answering with `value` (a plan object, serialized, or raw text). */
export const planAnswer = (value: unknown): ScenarioTurn => ({
  steps: [{ text: typeof value === 'string' ? value : JSON.stringify(value) }],
});

/** A model named `name` answering planning calls from `planner` and rounds from `rounds`. */
export function planningModel(
  name: string,
  planner: readonly ScenarioTurn[],
  rounds: readonly ScenarioTurn[],
): Scenario {
  return {
    name,
    turns: [],
    policy: (body: CompletionBody, { turnIndex }) =>
      isPlannerRequest(body) ? planner[turnIndex] : rounds[turnIndex],
  };
}

/** The recorded requests of one model: its planning calls and its rounds (with tools). */
export function requestsByKind(requests: readonly RecordedRequest[], model: string) {
  const own = requests.filter((recorded) => (recorded.body as CompletionBody)?.model === model);
  return {
    planner: own.filter((recorded) => isPlannerRequest(recorded.body as CompletionBody)),
    rounds: own.filter(
      (recorded) => ((recorded.body as CompletionBody | undefined)?.tools ?? []).length > 0,
    ),
  };
}
