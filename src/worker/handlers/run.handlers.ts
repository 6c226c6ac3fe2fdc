// Handlers for the panel's run methods (run-messages.ts). Run-scoped requests carry
// the runId in the envelope; the agent core checks it against its reservations and
// active runs (STALE_RUN_ID, RUN_NOT_RESERVED), because `run/reserve` introduces a
// runId the router cannot know yet.
import type { GroupHandlers, HandlerContext } from '../../shared/protocol/define-channel';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { runRequestMethods } from '../../shared/protocol/run-messages';
import type { AgentCore } from '../agent/agent-core';

export interface RunHandlerDeps {
  readonly agent: AgentCore;
}

function runIdOf(context: HandlerContext): string {
  // The router already refuses run-scoped envelopes without one (MISSING_RUN_ID).
  if (context.runId === undefined)
    throw new ProtocolFailure('MISSING_RUN_ID', 'This request needs a runId.');
  return context.runId;
}

export function createRunHandlers(deps: RunHandlerDeps): GroupHandlers<typeof runRequestMethods> {
  return {
    'run/reserve': (payload, context) => deps.agent.reserve(runIdOf(context), payload),
    'run/start': (payload, context) => deps.agent.start(runIdOf(context), payload),
    'run/cancel': (_payload, context) => deps.agent.cancel(runIdOf(context)),
    'run/status': (payload) => deps.agent.status(payload.scope, payload.sessionId),
    'run/resolve': (payload, context) =>
      deps.agent.resolve(
        runIdOf(context),
        payload.callId,
        payload.decision,
        payload.content,
        payload.plan,
      ),
  };
}
