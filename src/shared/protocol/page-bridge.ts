// Channel: isolated content script <-> MAIN-world runtime, over a private port in a
// closed shadow root (src/page/main/bridge-transport.ts), and worker -> relay frames.
// ## Trust
// The port keeps page scripts from seeing or writing frames once our runtime runs
// first, but a page can still build look-alike hosts or, on a page where our runtime
// arrived late, intercept it. So the nonce is not a secret and the port is not an
// authenticator: the nonce separates bridge instances (an old isolated context after
// an extension update, a second relay), and anything that arrives here is untrusted
// data validated with these schemas. Nothing a page sends can trigger a privileged
// action (see docs/ARCHITECTURE.md, "What the page can see").
import { z } from '../schema/zod';
import { IdSchema } from '../schema/bounded';
import { EnvelopeSchema, ResponseFrameSchema } from './envelope';

/** Marks our frames among whatever else the page posts on its window. */
export const BRIDGE_SOURCE = 'side-agent-bridge';
/** Bumped whenever the MAIN runtime's behaviour changes; older runtimes are disposed. */
export const MAIN_RUNTIME_VERSION = 3;
/** The element on <html> whose closed shadow root holds the runtime's port. */
export const BRIDGE_HOST_TAG = 'side-agent-bridge';
/** Event types on the port node (relay -> runtime, runtime -> relay). */
export const BRIDGE_TO_MAIN_EVENT = 'side-agent:to-main';
export const BRIDGE_TO_ISOLATED_EVENT = 'side-agent:to-isolated';
/** Dispatched on window when a runtime installs itself: relays look for its port. */
export const BRIDGE_ANNOUNCE_EVENT = 'side-agent:runtime';

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

/**
 * What the worker sends a tab's relay over the runtime messaging channel: one request
 * envelope, optionally pinned to the document instance it must reach.
 */
export const TabRequestSchema = z.strictObject({
  bridge: z.literal(BRIDGE_SOURCE),
  envelope: EnvelopeSchema,
  documentId: IdSchema.optional(),
});
export type TabRequest = z.infer<typeof TabRequestSchema>;
