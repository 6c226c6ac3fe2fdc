// ## Owns
// The pending interactions of one run: an edit review, an external-tool approval
// or a page wait, shown in the panel and answered by `run/resolve`. An answer is
// accepted only for the exact (runId, callId) of the open interaction and only
// with a decision that interaction offers; a timeout is a denial; Stop rejects the
// wait with CANCELLED.
// ## Why one at a time
// Tools run sequentially in planned order, so a run waits for at most one answer;
// that makes "which interaction does this click belong to" unambiguous.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type {
  ApprovalDecision,
  FormContent,
  PendingInteraction,
} from '../../shared/protocol/run-messages';
import type { RunPlan } from '../../shared/protocol/run-plan';
import { throwIfAborted } from '../../shared/lib/abort';

/** What may come with a decision: a filled-in form, or the plan as the person approved it. */
export interface InteractionAnswer {
  readonly content?: FormContent;
  readonly plan?: RunPlan;
}

interface OpenInteraction {
  readonly pending: PendingInteraction;
  readonly allowed: ReadonlySet<ApprovalDecision>;
  readonly onDecision: (decision: ApprovalDecision, answer: InteractionAnswer) => void;
}

export interface InteractionBookOptions {
  /** Tells the panel what the run waits for (null: nothing). */
  readonly announce: (pending: PendingInteraction | null) => void;
}

export function createInteractionBook(options: InteractionBookOptions) {
  let open: OpenInteraction | null = null;
  return {
    /** Shows `pending`; returns a function that closes it. */
    show(
      pending: PendingInteraction,
      allowed: readonly ApprovalDecision[],
      onDecision: (decision: ApprovalDecision, answer: InteractionAnswer) => void,
    ): () => void {
      const entry: OpenInteraction = { pending, allowed: new Set(allowed), onDecision };
      open = entry;
      options.announce(pending);
      return () => {
        if (open !== entry) return;
        open = null;
        options.announce(null);
      };
    },
    /** The person's answer; false unless it matches the open interaction exactly. */
    resolve(
      callId: string,
      decision: ApprovalDecision,
      content?: FormContent,
      plan?: RunPlan,
    ): boolean {
      if (!open || open.pending.callId !== callId || !open.allowed.has(decision)) return false;
      open.onDecision(decision, { ...(content ? { content } : {}), ...(plan ? { plan } : {}) });
      return true;
    },
    current: (): PendingInteraction | null => open?.pending ?? null,
  };
}

export type InteractionBook = ReturnType<typeof createInteractionBook>;

/**
 * Shows an integration's form and waits for the person's answer: accept with the
 * filled-in content, decline, or cancel. A timeout or Stop cancels the question.
 */
export async function awaitFormAnswer(
  book: InteractionBook,
  pending: Extract<PendingInteraction, { kind: 'integration-form' }>,
  timeoutMs: number,
  signal: AbortSignal,
): Promise<{ action: 'accept'; content: FormContent } | { action: 'decline' | 'cancel' }> {
  let content: FormContent = {};
  const decision = await awaitDecision(
    book,
    pending,
    ['accept', 'decline', 'cancel'],
    timeoutMs,
    signal,
    (answer) => {
      if (answer.content) content = answer.content;
    },
  );
  if (decision === 'accept') return { action: 'accept', content };
  return { action: decision === 'decline' ? 'decline' : 'cancel' };
}

/**
 * Shows `pending` and waits for one decision. Resolves 'timeout' after
 * `timeoutMs` (callers treat it as a denial; Infinity waits until answered);
 * rejects CANCELLED on abort.
 * `onAnswer` receives what came with the decision (a form, a plan).
 */
export function awaitDecision(
  book: InteractionBook,
  pending: PendingInteraction,
  allowed: readonly ApprovalDecision[],
  timeoutMs: number,
  signal: AbortSignal,
  onAnswer?: (answer: InteractionAnswer) => void,
): Promise<ApprovalDecision | 'timeout'> {
  throwIfAborted(signal);
  return new Promise((resolve, reject) => {
    let close = () => undefined as void;
    const settle = (finish: () => void) => {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      close();
      finish();
    };
    const onAbort = () =>
      settle(() => reject(new ProtocolFailure('CANCELLED', 'The run was stopped.')));
    // No timer for an endless wait: setTimeout would fire an infinite delay at once.
    const timer = Number.isFinite(timeoutMs)
      ? setTimeout(() => settle(() => resolve('timeout')), timeoutMs)
      : undefined;
    signal.addEventListener('abort', onAbort, { once: true });
    close = book.show(pending, allowed, (decision, answer) => {
      onAnswer?.(answer);
      settle(() => resolve(decision));
    });
  });
}

/**
 * A page wait (RunInteraction.waitForPage): checks `isReady` first, then shows the
 * wait and re-checks on Retry and every `pollMs`. Skip resolves 'skipped'; after
 * `timeoutMs` it fails with PAGE_WAIT_TIMEOUT.
 */
export async function waitForPage(
  book: InteractionBook,
  pending: Extract<PendingInteraction, { kind: 'page-wait' }>,
  isReady: () => Promise<boolean>,
  options: { timeoutMs: number; pollMs: number; signal: AbortSignal; now?: () => number },
): Promise<'ready' | 'skipped'> {
  const now = options.now ?? Date.now;
  throwIfAborted(options.signal);
  if (await isReady()) return 'ready';
  const deadline = now() + options.timeoutMs;
  let wake: ((decision: ApprovalDecision | 'tick') => void) | null = null;
  const close = book.show(pending, ['retry', 'skip'], (decision) => wake?.(decision));
  try {
    for (;;) {
      const left = deadline - now();
      if (left <= 0)
        throw new ProtocolFailure('PAGE_WAIT_TIMEOUT', 'The page did not become ready in time.');
      const decision = await new Promise<ApprovalDecision | 'tick'>((resolve, reject) => {
        const done = (value: ApprovalDecision | 'tick') => {
          clearTimeout(timer);
          options.signal.removeEventListener('abort', onAbort);
          wake = null;
          resolve(value);
        };
        const onAbort = () => {
          clearTimeout(timer);
          wake = null;
          reject(new ProtocolFailure('CANCELLED', 'The run was stopped.'));
        };
        const timer = setTimeout(() => done('tick'), Math.min(options.pollMs, left));
        if (options.signal.aborted) return onAbort();
        options.signal.addEventListener('abort', onAbort, { once: true });
        wake = done;
      });
      if (decision === 'skip') return 'skipped';
      throwIfAborted(options.signal);
      if (await isReady()) return 'ready';
    }
  } finally {
    close();
  }
}
