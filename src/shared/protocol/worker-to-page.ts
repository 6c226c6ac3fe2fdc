// Channel: worker -> isolated content script -> page (request/response), the
// methods every page answers whatever site it belongs to. Sites add their own
// methods, named `<site>/<action>`, in their site definition; the full channel is
// composed in src/sites/page-channel.ts. Responses are produced by page code and are
// untrusted: the worker validates them with these schemas before anything reads them.
import { z } from '../schema/zod';
import { IdSchema, boundedString } from '../schema/bounded';
import { defineRequestChannel, type MethodSpec } from './define-channel';
import { PageContextSchema } from './page-context';

/**
 * The generic page methods; each site's methods join them in the composed channel.
 * The relay answers `page/get-context`, `page/ping` and `page/cancel` itself (they
 * are about the bridge and the document, not the site); `page/echo` goes through to
 * the page runtime.
 */
export const genericPageMethods = {
  /** What the page is: its site, URL, title and document instance. */
  'page/get-context': {
    request: z.strictObject({}),
    response: PageContextSchema,
  },
  /**
   * Answers once the bridge can serve the page's site: at once where the site needs no
   * MAIN-world runtime, after the runtime's handshake where it does.
   */
  'page/ping': {
    request: z.strictObject({}),
    response: z.strictObject({
      /** The MAIN runtime's version, 0 where the page's site runs without one. */
      runtimeVersion: z.number().int().min(0),
      handshakes: z.number().int().min(0),
      documentId: IdSchema,
    }),
  },
  /** Cancels a pending page request; a late arrival of the target is refused too. */
  'page/cancel': {
    request: z.strictObject({ targetRequestId: IdSchema }),
    response: z.strictObject({ cancelled: z.boolean() }),
  },
  /** Test and diagnostics aid: echoes a bounded string through the whole bridge to the runtime. */
  'page/echo': {
    request: z.strictObject({ text: boundedString(1_048_576) }),
    response: z.strictObject({ text: boundedString(1_048_576) }),
  },
} as const satisfies Record<string, MethodSpec>;

/**
 * A site page method's name: `<site id>/<action>`, lowercase with dashes. `page/` is
 * reserved for the generic methods above. The relay forwards site methods without
 * knowing the site; the page runtime and the worker validate them.
 */
export const SITE_PAGE_METHOD_PATTERN = /^[a-z][a-z0-9-]{0,31}\/[a-z][a-z0-9-]{0,63}$/;

/** Whether `type` names a site page method (not a generic one). */
export function isSitePageMethod(type: string): boolean {
  return SITE_PAGE_METHOD_PATTERN.test(type) && !type.startsWith('page/');
}

/** The generic methods alone, as a channel (routers and clients that need no site). */
export const genericPageChannel = defineRequestChannel(
  'worker-to-page',
  ['worker'],
  genericPageMethods,
);
