// `done`: the run says it finished, with a summary and an outcome. Before a success
// claim goes through, the page is checked for unfinished work (finish-check.ts): a
// premature claim goes back to the model with the reason, at most twice per run.
// While progress-ledger rows are open it is refused with their list. It reads the
// page and changes nothing, so it never asks. A run whose message asked for JSON
// finishes with `done_json` instead.
import { z } from '../../../../shared/schema/zod';
import { defineTool } from '../../../../worker/tools/define-tool';
import { checkFinish } from './finish-check';

export const OUTCOME_WORDS = {
  success: 'Done',
  partial: 'Partly done',
  failed: 'Could not finish',
};

/** The arguments every finishing tool takes: a summary for the person and the outcome. */
export const FINISH_ARGUMENTS = {
  summary: z.string().min(1).max(2_000),
  outcome: z.enum(['success', 'partial', 'failed']),
};

export const doneTool = defineTool({
  name: 'done',
  description:
    'Finish: a summary for the person and the outcome. A success claim is checked on the page first.',
  arguments: z.strictObject(FINISH_ARGUMENTS),
  effect: 'read',
  activity: ({ outcome }, result) =>
    result?.ok === false ? 'Checked the page before finishing' : OUTCOME_WORDS[outcome],
  approval: 'automatic',
  modes: ['act', 'dev'],
  finishes: 'summary',
  async execute({ summary, outcome }, context) {
    const checked = await checkFinish(outcome, summary, context);
    if ('ok' in checked) return checked;
    return {
      ok: true,
      result: {
        finished: true,
        outcome,
        summary,
        ...(checked.note ? { note: checked.note } : {}),
        next: 'Give the person your final answer now, in a short message, and make no more tool calls.',
        ...checked.page,
      },
      summary: `${OUTCOME_WORDS[outcome]}: ${summary}`.slice(0, 400),
    };
  },
});
