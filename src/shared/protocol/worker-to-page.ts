// Channel: worker -> isolated content script -> MAIN-world runtime (request/response).
// Responses are produced by page code and are untrusted: the worker validates them
// with these schemas before anything else reads them.
import { z } from '../schema/zod';
import { IdSchema, boundedString } from '../schema/bounded';
import { defineRequestChannel } from './define-channel';
import { PageContextSchema } from './page-context';

export const workerToPage = defineRequestChannel('worker-to-page', ['worker'], {
  /** Reads the page context, including the live editor text on typst.app. */
  'page/get-context': {
    request: z.strictObject({}),
    response: PageContextSchema,
  },
  /** Answers once the isolated relay and the MAIN runtime have shaken hands. */
  'page/ping': {
    request: z.strictObject({}),
    response: z.strictObject({ runtimeVersion: z.number().int().min(1), handshakes: z.number().int().min(0) }),
  },
  /** Cancels a pending page request; a late arrival of the target is refused too. */
  'page/cancel': {
    request: z.strictObject({ targetRequestId: IdSchema }),
    response: z.strictObject({ cancelled: z.boolean() }),
  },
  /** Test and diagnostics aid: echoes a bounded string through the whole bridge. */
  'page/echo': {
    request: z.strictObject({ text: boundedString(1_048_576) }),
    response: z.strictObject({ text: boundedString(1_048_576) }),
  },
});
export type WorkerToPage = typeof workerToPage;
