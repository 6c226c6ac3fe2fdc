// ## Owns
// The verified-done rule: whether a run that says it finished successfully still
// shows unfinished work on its page. An open dialog, a form with edits nobody
// submitted, or an address that still names a create or edit step means the claim
// is premature; the model is sent back with the reason, at most twice per run, and
// after that the claim goes through with a note of what the page still showed.
// Pure: the tool gathers the page's facts.

/** How often one run's `done` may be held back before it goes through with a note. */
export const MAX_DONE_BLOCKS = 2;

export type DoneOutcome = 'success' | 'partial' | 'failed';

/** What the page shows when the run says it is done. */
export interface DonePageFacts {
  readonly url: string;
  /** Open dialogs, described. */
  readonly dialogs: readonly string[];
  /** Fields holding edits that were not submitted, described. */
  readonly unsavedFields: readonly string[];
}

// A summary that says the work happened, whatever outcome the model picked.
const CLAIMS =
  /(?<![\p{L}])(created|saved|submitted|sent|posted|published|updated|added|booked|ordered|placed|completed|registered|uploaded|deleted)(?![\p{L}])/iu;
// Path steps and query values of a page that creates or edits something.
const EDIT_STEP = /^(new|create|edit|add|compose)$/i;
const EDIT_PARAMS = new Set(['mode', 'action', 'view', 'step']);

/**
 * Whether the model claims the work was done: outcome success, or a partial outcome
 * whose summary says something was created, saved, sent (and so on).
 */
export function claimsSuccess(outcome: DoneOutcome, summary: string): boolean {
  if (outcome === 'success') return true;
  return outcome === 'partial' && CLAIMS.test(summary);
}

/** The create or edit step the address names, or null. */
export function editStepOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const step = parsed.pathname.split('/').find((segment) => EDIT_STEP.test(segment));
  if (step) return step;
  let found: string | null = null;
  parsed.searchParams.forEach((value, key) => {
    if (found !== null) return;
    if (EDIT_STEP.test(key) && (value === '' || value === '1' || value === 'true')) found = key;
    else if (EDIT_PARAMS.has(key.toLowerCase()) && EDIT_STEP.test(value)) found = value;
  });
  return found;
}

/** Why the page says the work is not finished yet; empty when nothing does. */
export function unfinishedWork(facts: DonePageFacts): string[] {
  const reasons: string[] = [];
  if (facts.dialogs.length > 0)
    reasons.push(`a dialog is still open (${facts.dialogs.slice(0, 2).join('; ')})`);
  if (facts.unsavedFields.length > 0)
    reasons.push(
      `a form holds edits that were not submitted (${facts.unsavedFields.slice(0, 3).join('; ')})`,
    );
  const step = editStepOf(facts.url);
  if (step) reasons.push(`the address still names a "${step}" step (${facts.url.slice(0, 200)})`);
  return reasons;
}

export type DoneVerdict =
  | { readonly kind: 'pass' }
  | { readonly kind: 'block'; readonly reasons: readonly string[] }
  | { readonly kind: 'pass-with-note'; readonly reasons: readonly string[] };

/** The rule itself: `blocks` is how often this run's `done` was held back already. */
export function verifyDone(
  outcome: DoneOutcome,
  summary: string,
  facts: DonePageFacts,
  blocks: number,
): DoneVerdict {
  if (!claimsSuccess(outcome, summary)) return { kind: 'pass' };
  const reasons = unfinishedWork(facts);
  if (reasons.length === 0) return { kind: 'pass' };
  return blocks < MAX_DONE_BLOCKS
    ? { kind: 'block', reasons }
    : { kind: 'pass-with-note', reasons };
}
