// ## Owns
// The review every web action runs before it may touch the page: read the control
// it targets as the page shows it (and whether the page links to an address), put
// the run's facts together and ask `mayActWithoutAsking`. A ref that names nothing is
// refused here, with the same words the action would use, so no card asks about it.
import type { CallReview, ToolRunContext } from '../../../../worker/tools/define-tool';
import { parseActionRef, refGone } from '../actions/action-target';
import { mayActWithoutAsking, type ControlFacts, type ProposedAction } from './may-act';
import { formKey, rememberPress, type PressRecord } from './duplicate-submit';
import { webRunState, type WebRunState } from './observations';

/** Reviewed calls remembered until they run (a denied call never runs). */
const MAX_REVIEWED = 16;

function rememberReviewed(state: WebRunState, callId: string, press: Omit<PressRecord, 'at'>) {
  state.reviewed.set(callId, press);
  for (const key of state.reviewed.keys()) {
    if (state.reviewed.size <= MAX_REVIEWED) break;
    state.reviewed.delete(key);
  }
}

/** The press a reviewed call made landed: remembered for the duplicate-submit rule. */
export function recordPressed(context: ToolRunContext, now = Date.now()): void {
  const state = webRunState(context);
  const press = state.reviewed.get(context.callId);
  if (!press) return;
  state.reviewed.delete(context.callId);
  rememberPress(state.presses, { ...press, at: now });
}

/** What the review reads from the page for one action. */
export interface ReviewTarget {
  /** The model's ref text; null: the focused element (or none, for a navigation). */
  readonly ref: string | null;
  /** Whether the action is Enter in the control (a field then submits its form). */
  readonly enter: boolean;
  /** An address the action goes to, to ask whether the page links to it. */
  readonly url: string | null;
}

/** Reviews one action; `propose` turns the control read (null: none) into the action. */
export async function reviewAction(
  context: ToolRunContext,
  target: ReviewTarget,
  propose: (control: ControlFacts | null) => ProposedAction | null,
): Promise<CallReview> {
  let refNumber: number | null = null;
  if (target.ref !== null) {
    const parsed = parseActionRef(target.ref);
    if ('ok' in parsed) return { ask: 'refused', outcome: parsed };
    refNumber = parsed.number;
  }
  const facts = await context.page.request('web/act-facts', {
    ref: refNumber,
    enter: target.enter,
    url: target.url,
  });
  if (!facts.ok) {
    return {
      ask: 'refused',
      outcome: { ok: false, code: facts.error.code, message: facts.error.message },
    };
  }
  const { control, linkShown, url: pageUrl } = facts.data;
  if (target.ref !== null && control === null) {
    return { ask: 'refused', outcome: refGone(target.ref) };
  }
  const action = propose(control);
  if (!action) return { ask: false };
  const state = webRunState(context);
  // A click, and Enter that sends a form (from press_keys or type's submit), are
  // remembered once they land, for the duplicate-submit rule.
  const pressed =
    action.kind === 'press'
      ? action.control
      : action.kind === 'type' && action.submit
        ? action.field
        : null;
  if (pressed && (target.ref !== null || formKey(pressed) !== null))
    rememberReviewed(state, context.callId, {
      url: pageUrl,
      role: pressed.role,
      name: pressed.name,
      form: formKey(pressed),
    });
  return mayActWithoutAsking(action, {
    pageUrl,
    siteOrigin: context.identity.scope.projectId ?? '',
    personText: context.personText ?? [],
    linkShown: (url) => url === target.url && linkShown,
    observations: state.observations,
    presses: state.presses,
  });
}
