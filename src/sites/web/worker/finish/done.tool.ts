// `done`: the run says it finished, with a summary and an outcome. Before a success
// claim goes through, the page is checked for unfinished work (verified done, see
// done-check.ts): a premature claim goes back to the model with the reason, at most
// twice per run. While progress-ledger rows are open it is refused with their list
// (done-ledger.ts). It reads the page and changes nothing, so it never asks.
import { z } from '../../../../shared/schema/zod';
import { defineTool, type ToolRunContext } from '../../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import { webRunState } from '../safety/observations';
import { ledgerRefusal } from './done-ledger';
import { MAX_DONE_BLOCKS, verifyDone, type DonePageFacts } from './done-check';

const OUTCOME_WORDS = { success: 'Done', partial: 'Partly done', failed: 'Could not finish' };

/** The page's facts, or null when the page cannot be asked (the claim then goes through). */
async function pageFacts(context: ToolRunContext): Promise<DonePageFacts | null> {
  const state = await context.page.request('web/act-state', { ref: null });
  if (!state.ok) return null;
  const unsaved = await context.page.request('web/act-unsaved', {});
  return {
    url: state.data.url,
    dialogs: state.data.dialogs,
    unsavedFields: unsaved.ok ? unsaved.data.fields : [],
  };
}

export const doneTool = defineTool({
  name: 'done',
  description:
    'Finish: a summary for the person and the outcome. A success claim is checked on the page first.',
  arguments: z.strictObject({
    summary: z.string().min(1).max(2_000),
    outcome: z.enum(['success', 'partial', 'failed']),
  }),
  effect: 'read',
  activity: ({ outcome }, result) =>
    result?.ok === false ? 'Checked the page before finishing' : OUTCOME_WORDS[outcome],
  approval: 'automatic',
  modes: ['act', 'dev'],
  async execute({ summary, outcome }, context) {
    const open = ledgerRefusal(context.state.memory?.openRows() ?? []);
    if (open) return open;
    const facts = await pageFacts(context);
    const state = webRunState(context);
    const verdict = facts
      ? verifyDone(outcome, summary, facts, state.doneBlocks)
      : ({ kind: 'pass' } as const);
    const page = facts
      ? untrustedPageData('the page when done was called', {
          url: facts.url,
          dialogs: [...facts.dialogs],
          unsaved_fields: [...facts.unsavedFields],
        })
      : {};
    if (verdict.kind === 'block') {
      state.doneBlocks += 1;
      return {
        ok: false,
        code: 'DONE_UNVERIFIED',
        message: `Not finished yet: ${verdict.reasons.join('; ')}. Look at the page and complete the step (submit the form, close or answer the dialog), or call done again with outcome partial or failed and say what is left. (Held back ${state.doneBlocks} of at most ${MAX_DONE_BLOCKS} times.)`,
        details: page,
        summary: `The page still showed unfinished work: ${verdict.reasons.join('; ')}.`.slice(
          0,
          400,
        ),
      };
    }
    const note =
      verdict.kind === 'pass-with-note'
        ? `Side Agent could not confirm this on the page: ${verdict.reasons.join('; ')}. Tell the person.`
        : facts
          ? null
          : 'The page could not be checked.';
    return {
      ok: true,
      result: {
        finished: true,
        outcome,
        summary,
        ...(note ? { note } : {}),
        next: 'Give the person your final answer now, in a short message, and make no more tool calls.',
        ...page,
      },
      summary: `${OUTCOME_WORDS[outcome]}: ${summary}`.slice(0, 400),
    };
  },
});
