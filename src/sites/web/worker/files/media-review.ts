// ## Owns
// What each media download's review showed the person, by call, so the call saves
// exactly those files: a page that swaps an image's address between the card and the
// save is refused rather than obeyed.
import type { ToolOutcome } from '../../../../worker/tools/define-tool';
import { plannedFiles, type MediaPlan } from './media-save';

type Failure = Extract<ToolOutcome, { ok: false }>;

/** What each call's review showed the person, by call, so its run saves just that. */
const reviewedPlans = new Map<string, string>();
const MAX_REVIEWS_KEPT = 50;

export function rememberReview(callId: string, plan: MediaPlan): void {
  reviewedPlans.set(callId, JSON.stringify(plannedFiles(plan)));
  for (const old of reviewedPlans.keys())
    if (reviewedPlans.size > MAX_REVIEWS_KEPT) reviewedPlans.delete(old);
}

/** Whether the plan is the one the call's review showed (true when it was not reviewed). */
export function matchesReview(callId: string, plan: MediaPlan): boolean {
  const shown = reviewedPlans.get(callId);
  reviewedPlans.delete(callId);
  return shown === undefined || shown === JSON.stringify(plannedFiles(plan));
}

export const changedSinceReview: Failure = {
  ok: false,
  code: 'PAGE_DOCUMENT_CHANGED',
  message:
    'The page changed the media it shows since the person was asked, so nothing was saved. Look at the page again and ask once more.',
};
