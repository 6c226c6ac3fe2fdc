// The page method of `wait_for_element`: one slice of waiting (at most a few seconds,
// well inside a page request's time limit) until an element, named by its ref, by
// role and name, or by text it shows, is in the state asked for. Answered by
// ../isolated/act/wait-element.ts in the top frame.
import { z } from '../../../shared/schema/zod';
import { boundedString } from '../../../shared/schema/bounded';
import type { MethodSpec } from '../../../shared/protocol/define-channel';
import { MAX_DESCRIPTION_CHARS } from './act-methods';

/** The longest slice one request waits; the worker strings slices together. */
export const MAX_ELEMENT_WAIT_SLICE_MS = 3_000;

export const ElementStateWantedSchema = z.enum(['visible', 'hidden', 'enabled', 'attached']);
export type ElementStateWanted = z.infer<typeof ElementStateWantedSchema>;

const RefNumber = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const Description = boundedString(MAX_DESCRIPTION_CHARS);

/** How the element is named: exactly one way. */
export const ElementQuerySchema = z.discriminatedUnion('by', [
  z.strictObject({ by: z.literal('ref'), ref: RefNumber }),
  z.strictObject({
    by: z.literal('role'),
    role: boundedString(40),
    /** Matched case-free: the whole name first, else a part of it; null: any name. */
    name: boundedString(200).nullable(),
  }),
  z.strictObject({ by: z.literal('text'), text: boundedString(200) }),
]);
export type ElementQuery = z.infer<typeof ElementQuerySchema>;

const WaitAnswerSchema = z.discriminatedUnion('status', [
  /** The state holds; `ref` names the element (null when the state is that none shows). */
  z.strictObject({
    status: z.literal('met'),
    ref: RefNumber.nullable(),
    target: Description.nullable(),
  }),
  /** Not yet: what the page shows now (null: no element matches). */
  z.strictObject({
    status: z.literal('waiting'),
    target: Description.nullable(),
    seen: boundedString(40),
  }),
  /** The ref names no element of this document, and never will again. */
  z.strictObject({ status: z.literal('gone') }),
]);
export type WaitAnswer = z.infer<typeof WaitAnswerSchema>;

export const waitMethods = {
  'web/wait-element': {
    request: z.strictObject({
      query: ElementQuerySchema,
      state: ElementStateWantedSchema,
      maxMs: z.number().int().min(0).max(MAX_ELEMENT_WAIT_SLICE_MS),
    }),
    response: WaitAnswerSchema,
  },
} satisfies Record<string, MethodSpec>;
