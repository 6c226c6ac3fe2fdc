// Channel: isolated content script <-> MAIN-world runtime, over window.postMessage.
// ## Trust
// Page scripts share the MAIN world and see every frame posted on the window, so
// the nonce is not a secret from the page: it separates bridge instances (an old
// isolated context after an extension update, a second relay) and lets both ends
// drop frames that are not theirs. Anything that arrives here is untrusted data and
// is validated with these schemas; nothing the page posts can trigger a privileged
// action (see docs/ARCHITECTURE.md, "What the page can see").
import { z } from '../schema/zod';
import { IdSchema } from '../schema/bounded';
import { EnvelopeSchema, ResponseFrameSchema } from './envelope';

/** Marks our frames among whatever else the page posts on its window. */
export const BRIDGE_SOURCE = 'side-agent-bridge';
/** Bumped whenever the MAIN runtime's behaviour changes; older runtimes are disposed. */
export const MAIN_RUNTIME_VERSION = 2;

const base = { source: z.literal(BRIDGE_SOURCE), nonce: IdSchema };

export const ToMainFrameSchema = z.discriminatedUnion('kind', [
  z.strictObject({ ...base, kind: z.literal('init') }),
  z.strictObject({
    ...base,
    kind: z.literal('request'),
    requestId: IdSchema,
    envelope: EnvelopeSchema,
  }),
  z.strictObject({ ...base, kind: z.literal('cancel'), targetRequestId: IdSchema }),
]);
export type ToMainFrame = z.infer<typeof ToMainFrameSchema>;

export const ToIsolatedFrameSchema = z.discriminatedUnion('kind', [
  z.strictObject({ ...base, kind: z.literal('ready'), runtimeVersion: z.number().int().min(1) }),
  z.strictObject({
    ...base,
    kind: z.literal('response'),
    requestId: IdSchema,
    response: ResponseFrameSchema,
  }),
]);
export type ToIsolatedFrame = z.infer<typeof ToIsolatedFrameSchema>;

/** Cheap pre-filter: is this window message meant for the bridge at all? */
export function isBridgeFrame(
  data: unknown,
): data is { source: typeof BRIDGE_SOURCE; kind: unknown } {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { source?: unknown }).source === BRIDGE_SOURCE
  );
}
