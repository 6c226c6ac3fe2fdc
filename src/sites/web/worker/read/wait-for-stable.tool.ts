// `wait_for_stable`: waits until the page's DOM has been quiet for `quiet_ms` and, as
// far as a page script can tell, its loading has settled, for at most `timeout_ms`.
// The page waits in slices of at most 3 s (a page request's time limit is 12 s); the
// quiet time seen at the end of one slice carries into the next. Stop ends the wait
// at once: the run's signal cancels the slice in flight.
import { z } from '../../../../shared/schema/zod';
import { defineTool } from '../../../../worker/tools/define-tool';
import { MAX_QUIET_MS, MAX_WAIT_SLICE_MS } from '../../methods/read-methods';
import { asOutcome, callPage, count, success } from './read-support';

export const DEFAULT_QUIET_MS = 500;
export const DEFAULT_TIMEOUT_MS = 5_000;
export const MAX_TIMEOUT_MS = 20_000;

const Arguments = z.strictObject({
  quiet_ms: z
    .number()
    .int()
    .min(0)
    .max(MAX_QUIET_MS)
    .optional()
    .describe(`How long nothing may change (default ${DEFAULT_QUIET_MS}).`),
  timeout_ms: z
    .number()
    .int()
    .min(100)
    .max(MAX_TIMEOUT_MS)
    .optional()
    .describe(`Longest wait (default ${DEFAULT_TIMEOUT_MS}).`),
  network: z
    .boolean()
    .optional()
    .describe('Also wait for resource loads to settle (default true).'),
});

export const waitForStableTool = defineTool({
  name: 'wait_for_stable',
  description:
    'Wait until the page stops changing (no DOM changes for quiet_ms, no resource loading; requests in flight, WebSockets and other frames are not seen). Returns stable, or timed_out after timeout_ms.',
  arguments: Arguments,
  effect: 'read',
  activity: () => 'Waited for the page to settle',
  approval: 'automatic',
  tiers: ['mid', 'full'],
  execute: (args, context) =>
    asOutcome(context, async () => {
      const quietMs = args.quiet_ms ?? DEFAULT_QUIET_MS;
      const timeoutMs = args.timeout_ms ?? DEFAULT_TIMEOUT_MS;
      const network = args.network ?? true;
      const started = Date.now();
      let mutations = 0;
      let resources = 0;
      let quietFor = 0;
      let readyState = 'loading';
      let stable = false;
      for (;;) {
        // A stopped run asks the page for nothing more.
        context.signal.throwIfAborted();
        const left = timeoutMs - (Date.now() - started);
        if (left <= 0) break;
        const slice = await callPage(context, 'web/wait-stable', {
          quietMs,
          maxMs: Math.max(50, Math.min(MAX_WAIT_SLICE_MS, left)),
          quietSoFarMs: Math.min(quietFor, MAX_QUIET_MS),
          network,
        });
        mutations += slice.mutations;
        resources += slice.resources;
        quietFor = slice.quietForMs;
        readyState = slice.readyState;
        if (slice.quiet) {
          stable = true;
          break;
        }
      }
      const elapsed = Date.now() - started;
      return success(
        {
          stable,
          timed_out: !stable,
          elapsed_ms: elapsed,
          mutations,
          resources_loaded: resources,
          last_activity_ms_ago: quietFor,
          ready_state: readyState,
          sees: 'DOM changes and finished resource loads of the top document; not requests still in flight, WebSockets, workers or other frames.',
        },
        stable
          ? `Stable after ${count(elapsed)} ms (${count(mutations)} changes).`
          : `Still changing after ${count(elapsed)} ms (${count(mutations)} changes).`,
      );
    }),
});
