// The page methods of trusted actions: where an element is and what covers it (so
// the worker can press there with real input), and the element's state before and
// after, so an action's result can say what changed. Answered by ../isolated/act.
// ## Why the page finds the point and the worker presses
// Only the page knows its layout (scroll, shadow roots, overlays); only the worker
// can send input the page cannot tell from a person's. The point crosses in CSS
// pixels of the frame's own viewport.
import { z } from '../../../shared/schema/zod';
import { boundedString } from '../../../shared/schema/bounded';
import type { MethodSpec } from '../../../shared/protocol/define-channel';
import { MAX_URL_CHARS } from '../../../shared/protocol/limits';

/** Longest description of an element ("button \"Save\"") that crosses. */
export const MAX_DESCRIPTION_CHARS = 160;
/** Longest field value read back after typing. */
export const MAX_VALUE_CHARS = 2_000;

const RefNumber = z.number().int().min(1).max(Number.MAX_SAFE_INTEGER);
const Coordinate = z.number().min(-1e7).max(1e7);
const Description = boundedString(MAX_DESCRIPTION_CHARS);

/** What kind of control an element is, as far as typing into it goes. */
export const ControlKindSchema = z.enum([
  'text',
  'contenteditable',
  'checkbox',
  'radio',
  'file',
  'select',
  'other',
]);
export type ControlKind = z.infer<typeof ControlKindSchema>;

const LocateResultSchema = z.discriminatedUnion('status', [
  /** The ref names no connected element of this document. */
  z.strictObject({ status: z.literal('gone') }),
  /** The element has no box inside the viewport, even after scrolling. */
  z.strictObject({ status: z.literal('not-visible'), target: Description }),
  z.strictObject({
    status: z.literal('ready'),
    target: Description,
    kind: ControlKindSchema,
    disabled: z.boolean(),
    /** Where to press, in this frame's viewport (CSS pixels). */
    x: Coordinate,
    y: Coordinate,
    /** What the page shows at that point instead of the element, or null when it is the element. */
    coveredBy: Description.nullable(),
  }),
]);
export type LocateResult = z.infer<typeof LocateResultSchema>;

/** An element's state as an action's result reports it. */
const ElementStateSchema = z.strictObject({
  found: z.boolean(),
  value: boundedString(MAX_VALUE_CHARS + 1).nullable(),
  checked: z.boolean().nullable(),
  expanded: z.boolean().nullable(),
  selected: z.boolean().nullable(),
  disabled: z.boolean(),
  /** The credential-field detector withholds the field's value: `value` is one dot a character. */
  withheld: z.boolean().optional(),
});
export type ElementState = z.infer<typeof ElementStateSchema>;

const PageStateSchema = z.strictObject({
  url: boundedString(MAX_URL_CHARS),
  /** The focused element, through shadow roots, or null when nothing is. */
  focused: Description.nullable(),
  /** Open dialogs (modal or not), described, top-most last. */
  dialogs: z.array(Description).max(16),
  element: ElementStateSchema.nullable(),
  /** The document began to unload for a new one moments ago (a link, a submit). */
  leaving: z.boolean(),
});
export type PageState = z.infer<typeof PageStateSchema>;

const OptionLabel = boundedString(80);

/** What choosing an option of a list came to (see isolated/act/select-option.ts). */
const SelectAnswerSchema = z.discriminatedUnion('status', [
  z.strictObject({ status: z.literal('gone') }),
  /** Not a <select>, listbox or combobox. */
  z.strictObject({ status: z.literal('not-a-list'), target: Description }),
  /** A custom list whose options are not on the page yet (it opens on a click). */
  z.strictObject({ status: z.literal('closed'), target: Description }),
  z.strictObject({
    status: z.enum(['none', 'ambiguous']),
    target: Description,
    options: z.array(OptionLabel).max(40),
  }),
  /** The worker clicks this option element (a custom list). */
  z.strictObject({
    status: z.literal('click'),
    target: Description,
    option: RefNumber,
    label: OptionLabel,
  }),
  z.strictObject({ status: z.literal('chosen'), target: Description, chosen: OptionLabel }),
  /** The page kept another choice. */
  z.strictObject({
    status: z.literal('refused'),
    target: Description,
    current: OptionLabel.nullable(),
  }),
]);
export type SelectAnswer = z.infer<typeof SelectAnswerSchema>;

/** A control as the safety policy sees it (see worker/safety/may-act.ts). */
const ControlFactsSchema = z.strictObject({
  role: boundedString(40),
  name: Description,
  submitsForm: z.boolean(),
  formMethod: boundedString(10).nullable(),
  formAction: boundedString(MAX_URL_CHARS).nullable(),
  formWords: boundedString(1_000),
  price: boundedString(40).nullable(),
  href: boundedString(MAX_URL_CHARS).nullable(),
});
export type ControlFactsView = z.infer<typeof ControlFactsSchema>;

export const actMethods = {
  /** Scrolls the element into view (if asked) and finds the point to press. */
  'web/act-locate': {
    request: z.strictObject({ ref: RefNumber, scroll: z.boolean() }),
    response: LocateResultSchema,
  },
  /** The page's state around an element, before or after an action. */
  'web/act-state': {
    request: z.strictObject({ ref: RefNumber.nullable() }),
    response: PageStateSchema,
  },
  /**
   * What the safety policy reads before an action: the control a ref names (or, with
   * a null ref, the focused element; `enter` when the action is Enter in it), and
   * whether the page shows a link to `url`.
   */
  'web/act-facts': {
    request: z.strictObject({
      ref: RefNumber.nullable(),
      enter: z.boolean(),
      url: boundedString(MAX_URL_CHARS).nullable(),
    }),
    response: z.strictObject({
      /** Null when the ref names nothing (or nothing has focus). */
      control: ControlFactsSchema.nullable(),
      linkShown: z.boolean(),
      url: boundedString(MAX_URL_CHARS),
    }),
  },
  /**
   * Chooses `option` (a label or value) in the list `ref` names; `check` only reports
   * whether it is the list's choice now (after the worker clicked a custom option).
   */
  'web/act-select': {
    request: z.strictObject({ ref: RefNumber, option: boundedString(200), check: z.boolean() }),
    response: SelectAnswerSchema,
  },
  /** The fields holding edits a navigation would drop (described, at most 8). */
  'web/act-unsaved': {
    request: z.strictObject({}),
    response: z.strictObject({ fields: z.array(Description).max(8) }),
  },
} satisfies Record<string, MethodSpec>;
