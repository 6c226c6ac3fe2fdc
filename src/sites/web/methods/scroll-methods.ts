// The page method of the web face's scroll tool. Answered by ../isolated/act in the
// frame the worker addresses (the top frame unless a tool names another).
import { z } from '../../../shared/schema/zod';
import type { MethodSpec } from '../../../shared/protocol/define-channel';
import { boundedString } from '../../../shared/schema/bounded';
import { MAX_DESCRIPTION_CHARS } from './act-methods';

/** Where `web/scroll-page` moves the view: a screenful up or down, or to either end. */
export const ScrollDirectionSchema = z.enum(['up', 'down', 'top', 'bottom']);
export type ScrollDirection = z.infer<typeof ScrollDirectionSchema>;

const Pixels = z.number().int().min(0).max(100_000_000);
const RefNumber = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);

/** What a scroll by ref moved: the element's nearest scrollable container, or the page. */
const ContainerScrollSchema = z.discriminatedUnion('status', [
  /** The ref names no connected element of this document. */
  z.strictObject({ status: z.literal('gone') }),
  z.strictObject({
    status: z.literal('scrolled'),
    /** The container, described; null when it is the page itself. */
    container: boundedString(MAX_DESCRIPTION_CHARS).nullable(),
    /** Its scroll offset before and after, and the most it scrolls, in CSS pixels. */
    before: Pixels,
    after: Pixels,
    max: Pixels,
    /** Its visible height. */
    viewport: Pixels,
  }),
]);
export type ContainerScroll = z.infer<typeof ContainerScrollSchema>;

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
  /** Scrolls the nearest scrollable container of an element (the page when none is). */
  'web/scroll-container': {
    request: z.strictObject({ ref: RefNumber, direction: ScrollDirectionSchema }),
    response: ContainerScrollSchema,
  },
} satisfies Record<string, MethodSpec>;
