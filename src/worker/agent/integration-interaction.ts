// ## Owns
// The two RunInteraction methods integrations use during a call: progress on the
// tool's activity row, and a form an integration asks the person to fill in
// (MCP elicitation), and a sign-in an integration needs, each shown as a pending
// interaction answered by `run/resolve`.
import { clip } from './turn-recorder';
import { awaitDecision, awaitFormAnswer, type InteractionBook } from './approvals';
import { copyFormValue, type RunInteraction } from '../tools/run-interaction';
import type { ToolCallPart } from './turn';

type SetStatus = (status: 'running' | 'awaiting-approval', summary?: string) => void;

/** `progress`, `askForm` and `askSignIn` for one call. */
export function integrationInteraction(
  call: ToolCallPart,
  context: {
    readonly interactions: InteractionBook;
    readonly interactionTimeoutMs: number;
    readonly signal: AbortSignal;
  },
  setStatus: SetStatus,
): Required<Pick<RunInteraction, 'progress' | 'askForm' | 'askSignIn'>> {
  return {
    // Progress rides on the activity row's summary; the tool already coalesces it.
    progress: (update) => {
      const count =
        update.total !== undefined
          ? `${update.progress} of ${update.total}`
          : `${update.progress} done`;
      const summary = `Progress: ${count}${update.message ? ` — ${update.message}` : ''}`;
      setStatus('running', clip(summary, 200));
    },
    askForm: async (request, signal) => {
      setStatus('awaiting-approval');
      try {
        return await awaitFormAnswer(
          context.interactions,
          {
            kind: 'integration-form',
            callId: call.id,
            name: clip(call.name, 128),
            source: clip(request.source, 200),
            message: clip(request.message, 2_000),
            fields: request.fields.map(({ options, optionLabels, defaultValue, ...field }) => ({
              ...field,
              ...(options ? { options: [...options] } : {}),
              ...(optionLabels ? { optionLabels: [...optionLabels] } : {}),
              ...(defaultValue === undefined ? {} : { defaultValue: copyFormValue(defaultValue) }),
            })),
          },
          context.interactionTimeoutMs,
          AbortSignal.any([signal, context.signal]),
        );
      } finally {
        setStatus('running');
      }
    },
    askSignIn: async (request, signal) => {
      setStatus('awaiting-approval');
      try {
        const decision = await awaitDecision(
          context.interactions,
          {
            kind: 'integration-sign-in',
            callId: call.id,
            name: clip(call.name, 128),
            source: clip(request.source, 200),
            message: clip(request.message, 1_000),
          },
          ['sign-in', 'skip'],
          context.interactionTimeoutMs,
          AbortSignal.any([signal, context.signal]),
        );
        return decision === 'sign-in' ? 'sign-in' : decision === 'skip' ? 'skip' : 'timeout';
      } finally {
        setStatus('running');
      }
    },
  };
}
