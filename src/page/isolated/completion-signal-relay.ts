// ## Owns
// Carrying inline completion's typing signals from the page's MAIN-world code to the
// worker. It knows no site: it forwards what the schema admits and nothing else.
// ## Why this is safe to take from the page
// The signals carry an id and a kind, never document text, and a page script can
// forge them. The worst a forged pause does is ask for one completion the person
// turned on (a newer signal aborts the older request), which the page shows only if
// its own editor still sits at that pause.
import type { Emitter } from '../../shared/protocol/client';
import {
  COMPLETION_SIGNAL_EVENT,
  CompletionSignalSchema,
} from '../../shared/protocol/completion-events';
import type { PageToWorker } from '../../shared/protocol/page-to-worker';

const MAX_DETAIL_CHARS = 256;

export function startCompletionSignalRelay(
  lifetime: AbortSignal,
  events: Pick<Emitter<PageToWorker>, 'emit'>,
): void {
  document.addEventListener(
    COMPLETION_SIGNAL_EVENT,
    (event) => {
      const detail = (event as CustomEvent<unknown>).detail;
      if (typeof detail !== 'string' || detail.length > MAX_DETAIL_CHARS) return;
      let value: unknown;
      try {
        value = JSON.parse(detail);
      } catch {
        return;
      }
      const parsed = CompletionSignalSchema.safeParse(value);
      if (parsed.success) void events.emit('page/completion-signal', parsed.data);
    },
    { signal: lifetime },
  );
}
