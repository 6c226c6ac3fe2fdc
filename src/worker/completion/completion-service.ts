// ## Owns
// When an inline completion is asked for and what becomes of its answer, for any site
// whose worker part offers `completion`. A page's pause signal starts at most one
// request (a newer pause, or typing again, aborts the one in flight through its
// AbortSignal); the request waits out the person's delay, reads the text around the
// cursor, asks the chosen model once, cleans the answer and asks the page to show it.
// The page shows it only if its editor still sits at that pause, so a late answer is
// dropped there, and it is dropped here too once a newer signal arrived.
// ## Never
// Asks the model while completion is off, or counts an outcome for a ghost text this
// worker did not show (signals come from the page and can be forged).
import {
  MIN_COMPLETION_PAUSE_MS,
  type CompletionSignal,
} from '../../shared/protocol/completion-events';
import { linkSignals } from '../../shared/lib/abort';
import type { GeneralSettings } from '../../shared/protocol/settings-messages';
import type { OneShotRequest } from '../agent/one-shot-model';
import type { SiteCompletion, SitePage } from '../sites/worker-site';
import { cleanCompletion, MAX_COMPLETION_CHARS } from './completion-reply';
import { completionSystemPrompt, completionUserMessage } from './completion-prompt';
import type { CompletionStats } from './completion-stats';

/** A completion that has not reached the page by then is given up. */
export const COMPLETION_TIMEOUT_MS = 15_000;
/** The model's answer is cut (and its stream left) here: more is never shown. */
const MAX_ANSWER_CHARS = 8 * MAX_COMPLETION_CHARS;
const MAX_REMEMBERED_SHOWN = 64;

export interface CompletionServiceDeps {
  readonly general: () => Promise<GeneralSettings>;
  /** The completion of the site serving `tabId`, or null (no site, or none offered). */
  readonly completionOf: (tabId: number) => Promise<SiteCompletion | null>;
  readonly page: (tabId: number, signal: AbortSignal) => SitePage;
  readonly ask: (request: OneShotRequest, signal: AbortSignal) => Promise<string>;
  readonly stats: CompletionStats;
  readonly now?: () => number;
  /** Reports a failure the person may want to know about (a missing model, a provider error). */
  readonly onProblem?: (code: string, message: string) => void;
}

export interface CompletionService {
  signal(tabId: number, signal: CompletionSignal): void;
  /** Requests in flight now: 0 or 1 (tests and the bench read it). */
  inFlight(): number;
}

const wait = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (ms <= 0) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

export function createCompletionService(deps: CompletionServiceDeps): CompletionService {
  const now = deps.now ?? Date.now;
  let current: { tabId: number; pauseId: string; controller: AbortController } | null = null;
  // Pauses whose ghost text this worker showed, so only their outcomes are counted.
  const shown = new Map<string, number>();

  const run = async (tabId: number, pauseId: string, signal: AbortSignal) => {
    const general = await deps.general();
    const modelId = general.completionModelId ?? general.activeModelId;
    if (!general.completionEnabled || modelId === null) return;
    const completion = await deps.completionOf(tabId);
    if (!completion) return;
    // The page announced the pause after its shortest quiet time; wait for the rest.
    await wait(general.completionDelayMs - MIN_COMPLETION_PAUSE_MS, signal);
    const page = deps.page(tabId, signal);
    const context = await completion.context(page, pauseId);
    const started = now();
    const answer = await deps.ask(
      {
        modelId,
        system: completionSystemPrompt(completion.systemPrompt),
        user: completionUserMessage(context),
        maxChars: MAX_ANSWER_CHARS,
      },
      signal,
    );
    const text = cleanCompletion(answer, context.before);
    if (text === null || signal.aborted) return;
    if (!(await completion.show(page, pauseId, text))) return;
    shown.set(pauseId, tabId);
    if (shown.size > MAX_REMEMBERED_SHOWN) shown.delete(shown.keys().next().value ?? '');
    await deps.stats.shown(now() - started);
  };

  const start = (tabId: number, pauseId: string) => {
    current?.controller.abort();
    const controller = linkSignals([], COMPLETION_TIMEOUT_MS);
    const entry = { tabId, pauseId, controller };
    current = entry;
    void run(tabId, pauseId, controller.signal)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const code = (error as { code?: unknown }).code;
        // A pause that ended while we worked is the normal race, not a problem.
        if (code === 'COMPLETION_STALE') return;
        deps.onProblem?.(
          typeof code === 'string' ? code : 'COMPLETION_UNAVAILABLE',
          error instanceof Error ? error.message : String(error),
        );
      })
      .finally(() => {
        if (current === entry) current = null;
        controller.abort();
      });
  };

  return {
    signal(tabId, signal) {
      switch (signal.kind) {
        case 'pause':
          start(tabId, signal.pauseId);
          return;
        case 'typing':
          if (current?.tabId === tabId && current.pauseId === signal.pauseId)
            current.controller.abort();
          return;
        case 'accepted':
        case 'dismissed':
          if (shown.get(signal.pauseId) !== tabId) return;
          shown.delete(signal.pauseId);
          void deps.stats.outcome(signal.kind);
          return;
      }
    },
    inFlight: () => (current ? 1 : 0),
  };
}
