// Channel: isolated content script -> worker (events). The content script runs on a
// page we do not control, so the worker treats these as untrusted signals.
import { z } from '../schema/zod';
import { boundedString } from '../schema/bounded';
import { defineEventChannel } from './define-channel';
import { MAX_URL_CHARS } from './limits';

export const pageToWorker = defineEventChannel('page-to-worker', ['content-script'], {
  /** The relay finished its handshake with the MAIN runtime. */
  'page/ready': {
    payload: z.strictObject({ url: boundedString(MAX_URL_CHARS), runtimeVersion: z.number().int().min(1) }),
  },
});
export type PageToWorker = typeof pageToWorker;
