// The page method of the web face's scroll tool. Answered by ../isolated/act in the
// frame the worker addresses (the top frame unless a tool names another).
import { z } from '../../../shared/schema/zod';
import type { MethodSpec } from '../../../shared/protocol/define-channel';

/** Where `web/scroll-page` moves the view: a screenful up or down, or to either end. */
export const ScrollDirectionSchema = z.enum(['up', 'down', 'top', 'bottom']);
export type ScrollDirection = z.infer<typeof ScrollDirectionSchema>;

const Pixels = z.number().int().min(0).max(100_000_000);

export const scrollMethods = {
  'web/scroll-page': {
    request: z.strictObject({ direction: ScrollDirectionSchema }),
    /** Where the view is after the scroll, in CSS pixels of the frame's document. */
    response: z.strictObject({
      scrollY: Pixels,
      maxScrollY: Pixels,
      viewportHeight: Pixels,
      moved: z.boolean(),
    }),
  },
} satisfies Record<string, MethodSpec>;
