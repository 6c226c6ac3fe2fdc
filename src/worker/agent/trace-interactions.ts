// ## Owns
// The approvals side of a run's trace: every question the run shows the person
// (approval, review, form, plan, page wait) and every answer accepted for it become
// trace events in the run's current phase.
import type { InteractionBook } from './approvals';
import type { RunTrace } from './trace-sink';

type Pending = Parameters<InteractionBook['show']>[0];

/** What of a question may be kept: a private detail (the person's profile values) is not. */
function recordable(pending: Pending): Pending {
  if (!('detailIsPrivate' in pending) || pending.detailIsPrivate !== true) return pending;
  const { detail: _withheld, ...rest } = pending;
  return { ...rest, detailIsPrivate: true };
}

/** `book` with what it asks and what is answered recorded into `trace`. */
export function tracedInteractions(book: InteractionBook, trace: RunTrace): InteractionBook {
  return {
    ...book,
    show: (pending, allowed, onDecision) => {
      trace.record({
        kind: 'approval',
        phase: trace.phase(),
        name: pending.kind,
        callId: pending.callId,
        summary: `asked: ${pending.kind}`,
        detail: { pending: recordable(pending), allowed },
      });
      return book.show(pending, allowed, onDecision);
    },
    resolve: (callId, decision, content, plan) => {
      const accepted = book.resolve(callId, decision, content, plan);
      if (accepted)
        trace.record({
          kind: 'approval',
          phase: trace.phase(),
          callId,
          name: decision,
          summary: `answered: ${decision}`,
          detail: { decision, ...(content ? { content } : {}), ...(plan ? { plan } : {}) },
        });
      return accepted;
    },
  };
}
