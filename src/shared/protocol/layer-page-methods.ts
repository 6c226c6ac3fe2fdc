// Worker -> isolated content script: what the relay's own floating layer shows. The
// relay answers these itself; they never reach the page's MAIN world.
import { z } from '../schema/zod';
import { boundedArray } from '../schema/bounded';
import type { MethodSpec } from './define-channel';
import { QuickActionButtonSchema } from './quick-actions';

export const layerPageMethods = {
  /**
   * The buttons of the selection's quick-actions toolbar (the person's own actions by
   * name). `shown` is false where the page has no such toolbar.
   */
  'page/quick-actions': {
    request: z.strictObject({ actions: boundedArray(QuickActionButtonSchema, 16) }),
    response: z.strictObject({ shown: z.boolean() }),
  },
} as const satisfies Record<string, MethodSpec>;
