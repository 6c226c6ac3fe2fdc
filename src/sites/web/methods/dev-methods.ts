// The page methods of the web face's Dev tools: the page's HTML source in pages, and
// the computed styles, box model and matching rules of one element. Answered by
// ../isolated/dev in the frame the worker addresses; every string and list is bounded,
// because the answers come from a page the worker does not trust.
import { z } from '../../../shared/schema/zod';
import { boundedArray, boundedString } from '../../../shared/schema/bounded';
import type { MethodSpec } from '../../../shared/protocol/define-channel';
import { MAX_TITLE_CHARS, MAX_URL_CHARS } from '../../../shared/protocol/limits';

/** Characters of source one page carries at most, and by default. */
export const MAX_SOURCE_PAGE_CHARS = 40_000;
export const DEFAULT_SOURCE_PAGE_CHARS = 16_000;
/** CSS properties one inspection reads at most (the model may name its own). */
export const MAX_STYLE_PROPERTIES = 60;
/** Style rules one inspection lists at most, newest cascade position last. */
export const MAX_MATCHED_RULES = 40;
export const MAX_RULE_CHARS = 600;

const Count = z.number().int().min(0).max(1e12);
const Pixels = z.number().min(-1e7).max(1e7);
const Ref = z
  .number()
  .int()
  .min(1)
  .max(2 ** 53);
const Rect = z.strictObject({ x: Pixels, y: Pixels, width: Pixels, height: Pixels });
const Sides = z.strictObject({ top: Pixels, right: Pixels, bottom: Pixels, left: Pixels });
/** A CSS property name as the model may ask for it: `color`, `--brand`, `margin-top`. */
export const PropertyName = z
  .string()
  .min(1)
  .max(80)
  .regex(/^(--)?[a-zA-Z][a-zA-Z0-9-]*$/, 'not a CSS property name');

export const devMethods = {
  'web/page-source': {
    request: z.strictObject({
      page: z.number().int().min(1).max(100_000),
      pageChars: z.number().int().min(1_000).max(MAX_SOURCE_PAGE_CHARS),
    }),
    response: z.strictObject({
      url: boundedString(MAX_URL_CHARS),
      title: boundedString(MAX_TITLE_CHARS),
      text: boundedString(MAX_SOURCE_PAGE_CHARS),
      page: Count,
      pages: Count,
      totalChars: Count,
      /** Values left out: every field the credential-field detector withholds. */
      maskedValues: Count,
    }),
  },
  'web/element-styles': {
    request: z.strictObject({
      ref: Ref,
      properties: boundedArray(PropertyName, MAX_STYLE_PROPERTIES).nullable(),
    }),
    response: z.discriminatedUnion('status', [
      z.strictObject({ status: z.literal('gone') }),
      z.strictObject({
        status: z.literal('found'),
        url: boundedString(MAX_URL_CHARS),
        element: boundedString(300),
        computed: z.record(PropertyName, boundedString(400)),
        box: z.strictObject({
          border: Rect,
          margin: Sides,
          padding: Sides,
          borderWidth: Sides,
        }),
        rules: boundedArray(
          z.strictObject({
            selector: boundedString(MAX_RULE_CHARS),
            source: boundedString(MAX_URL_CHARS),
            declarations: boundedString(MAX_RULE_CHARS),
          }),
          MAX_MATCHED_RULES,
        ),
        rulesTotal: Count,
        /** Style sheets from another origin, whose rules a page cannot read. */
        unreadableSheets: Count,
      }),
    ]),
  },
} satisfies Record<string, MethodSpec>;
