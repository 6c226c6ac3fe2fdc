/**
 * Who sent a message, as decided by the one classifier of the receiving context
 * (`classifySender` in the worker, the nonce check on the page bridge). Channels
 * list the classes they accept; a router refuses every other class.
 */
export const SENDER_CLASSES = [
  /** An extension page of ours: the side panel or the panel page in a tab. */
  'extension-page',
  /** Our isolated content script on a supported site tab. Relays page data: untrusted. */
  'content-script',
  /** The service worker. */
  'worker',
  /** The MAIN-world runtime on a page, reached through the bridge: untrusted. */
  'page-main',
] as const;
export type SenderClass = (typeof SENDER_CLASSES)[number];
