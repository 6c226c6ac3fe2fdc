// The page method that finds the one element a model names without a ref: by the text
// a person sees on it, or by a CSS selector. Answered by ../isolated/act/find-element.ts.
// ## Why a match must be unique
// Models that cannot use refs guess at text; a guess that matches two buttons would
// press whichever came first. More than one match is refused with the candidates, so
// the model picks one by its ref, and nothing is pressed on a guess.
import { z } from '../../../shared/schema/zod';
import { boundedString } from '../../../shared/schema/bounded';
import type { MethodSpec } from '../../../shared/protocol/define-channel';

/** Longest text or selector a model may name an element by. */
export const MAX_FIND_CHARS = 300;
/** Candidates an ambiguous answer lists (the count says how many there were). */
export const MAX_FIND_CANDIDATES = 5;
/** Matches counted at most; a page with more says "at least". */
export const MAX_FIND_COUNTED = 1_000;

/** A point in CSS pixels of the frame's viewport. */
export const PointCoordinate = z.number().min(0).max(100_000);

export const TextMatchSchema = z.enum(['exact', 'prefix', 'contains']);
export type TextMatchMode = z.infer<typeof TextMatchSchema>;

const Candidate = z.strictObject({
  ref: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
  role: boundedString(40),
  name: boundedString(120),
  /** The landmark, form or dialog it sits in, e.g. `dialog "Delete file?"`; '' when none. */
  where: boundedString(80),
});

export const FindAnswerSchema = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('found'), ref: Candidate.shape.ref }),
  z.strictObject({ status: z.literal('none'), hidden: z.number().int().min(0) }),
  z.strictObject({
    status: z.literal('ambiguous'),
    count: z.number().int().min(2).max(MAX_FIND_COUNTED),
    capped: z.boolean(),
    candidates: z.array(Candidate).max(MAX_FIND_CANDIDATES),
  }),
  z.strictObject({ status: z.literal('invalid'), message: boundedString(300) }),
]);
export type FindElementAnswer = z.infer<typeof FindAnswerSchema>;

export const findMethods = {
  /**
   * The one visible element with this text (interactive ones), matching this selector,
   * or at this point of the viewport (the interactive element it is in, else itself).
   */
  'web/act-find': {
    request: z.discriminatedUnion('by', [
      z.strictObject({
        by: z.literal('text'),
        text: boundedString(MAX_FIND_CHARS),
        match: TextMatchSchema,
      }),
      z.strictObject({ by: z.literal('selector'), selector: boundedString(MAX_FIND_CHARS) }),
      z.strictObject({ by: z.literal('point'), x: PointCoordinate, y: PointCoordinate }),
    ]),
    response: FindAnswerSchema,
  },
} satisfies Record<string, MethodSpec>;
