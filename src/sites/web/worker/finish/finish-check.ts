// ## Owns
// The check both finishing tools (`done`, `done_json`) make before a claim goes
// through: open checklist rows refuse it, and a success claim is held back (at most
// twice per run) while the page still shows unfinished work. What the page showed
// goes back to the model as page data, labelled untrusted.
import type { JsonValue, ToolOutcome, ToolRunContext } from '../../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import { webRunState } from '../safety/observations';
import { ledgerRefusal } from './done-ledger';
import { MAX_DONE_BLOCKS, verifyDone, type DonePageFacts } from './done-check';

type Failure = Extract<ToolOutcome, { ok: false }>;

/** What a claim that may go through carries: a note for the model and the page's facts. */
export interface FinishPass {
  readonly note: string | null;
  readonly page: Readonly<Record<string, JsonValue>>;
}

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

/** Refuses a claim the run's checklist or page contradicts; else what goes with it. */
export async function checkFinish(
  outcome: 'success' | 'partial' | 'failed',
  summary: string,
  context: ToolRunContext,
): Promise<Failure | FinishPass> {
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
  return { note, page };
}
