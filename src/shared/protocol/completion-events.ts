// The typing signals of inline completion (ghost text), between a site's MAIN-world
// code, which sees the editor, and the isolated world, which alone can message the
// worker. They carry no document text: the worker asks the page for the context at
// the cursor when it decides to complete, and the page answers only for the latest
// pause it announced.
import { z } from '../schema/zod';
import { IdSchema } from '../schema/bounded';

/** MAIN -> isolated: one signal as a JSON string in the event detail. */
export const COMPLETION_SIGNAL_EVENT = 'side-agent:completion-signal';

/**
 * `pause`: the person stopped typing at a collapsed cursor; `typing`: they typed again
 * after a pause (any completion for it is moot); `accepted` / `dismissed`: what became
 * of a ghost text shown for the pause (only counted, locally).
 */
export const CompletionSignalSchema = z.strictObject({
  kind: z.enum(['pause', 'typing', 'accepted', 'dismissed']),
  pauseId: IdSchema.max(64),
});
export type CompletionSignal = z.infer<typeof CompletionSignalSchema>;

/** Shortest pause the page announces; the person's delay is counted from the last key. */
export const MIN_COMPLETION_PAUSE_MS = 150;
