// Quick actions on an editor selection: the built-in ones (Improve wording, Fix,
// Explain, Translate) and the person's own, which Settings stores as a name and a
// message template. A template is the person's words: it becomes the text of their
// message and nothing else, so it cannot change approvals, tools or the edit mode.
// The selected text never enters a template; it travels as an untrusted attachment.
import { z } from '../schema/zod';
import { IdSchema, boundedArray, boundedString } from '../schema/bounded';
import { MAX_FILE_LABEL_CHARS } from './limits';

/** Where a template names the selection. */
export const SELECTION_PLACEHOLDER = '{{selection}}';
export const QUICK_ACTION_NAME_CHARS = { min: 1, max: 40 } as const;
export const QUICK_ACTION_TEMPLATE_CHARS = { min: 1, max: 2_000 } as const;
export const MAX_CUSTOM_QUICK_ACTIONS = 12;
/** The translation target when the person chose none. */
export const DEFAULT_TRANSLATE_LANGUAGE = 'English';

export const BuiltInQuickActionSchema = z.enum(['improve', 'fix', 'explain', 'translate']);
export type BuiltInQuickAction = z.infer<typeof BuiltInQuickActionSchema>;

export const BUILT_IN_QUICK_ACTION_NAMES: Readonly<Record<BuiltInQuickAction, string>> = {
  improve: 'Improve wording',
  fix: 'Fix',
  explain: 'Explain',
  translate: 'Translate',
};

/** A language name as Settings takes it: letters, spaces, hyphens, parentheses. */
export const TranslateLanguageSchema = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[\p{L}][\p{L}\p{M} ()'-]*$/u);

export const CustomQuickActionSchema = z.strictObject({
  id: IdSchema.max(64),
  name: z.string().trim().min(QUICK_ACTION_NAME_CHARS.min).max(QUICK_ACTION_NAME_CHARS.max),
  template: z
    .string()
    .min(QUICK_ACTION_TEMPLATE_CHARS.min)
    .max(QUICK_ACTION_TEMPLATE_CHARS.max)
    .refine((text) => text.includes(SELECTION_PLACEHOLDER), {
      message: `The template must contain ${SELECTION_PLACEHOLDER}.`,
    }),
});
export type CustomQuickAction = z.infer<typeof CustomQuickActionSchema>;

export const CustomQuickActionsSchema = boundedArray(
  CustomQuickActionSchema,
  MAX_CUSTOM_QUICK_ACTIONS,
).refine((actions) => new Set(actions.map((action) => action.id)).size === actions.length, {
  message: 'Two quick actions share an id.',
});

/** Which action a toolbar click chose: a built-in one, or `custom:<id>`. */
export const QuickActionRefSchema = z.union([
  BuiltInQuickActionSchema,
  z
    .string()
    .max(71)
    .regex(/^custom:[A-Za-z0-9._:-]{1,64}$/),
]);
export type QuickActionRef = z.infer<typeof QuickActionRefSchema>;

/** What the toolbar shows for one action: its reference and its name. */
export const QuickActionButtonSchema = z.strictObject({
  ref: QuickActionRefSchema,
  name: boundedString(QUICK_ACTION_NAME_CHARS.max).min(1),
});
export type QuickActionButton = z.infer<typeof QuickActionButtonSchema>;

/** One compiler message on the selected lines, as the page shows it (untrusted). */
export const QuickActionDiagnosticSchema = z.strictObject({
  severity: z.enum(['error', 'warning', 'info']),
  line: z.number().int().min(1),
  message: boundedString(500),
});
export type QuickActionDiagnostic = z.infer<typeof QuickActionDiagnosticSchema>;

/** The selection a quick action works on, read from the page when it is chosen. */
export const QuickActionFactsSchema = z.strictObject({
  text: boundedString(65_536).min(1),
  fileLabel: boundedString(MAX_FILE_LABEL_CHARS).nullable(),
  fromLine: z.number().int().min(1),
  toLine: z.number().int().min(1),
  /** The selection's full length; more than `text.length` when the page cut it. */
  totalChars: z.number().int().min(0),
  diagnostics: boundedArray(QuickActionDiagnosticSchema, 20),
});
export type QuickActionFacts = z.infer<typeof QuickActionFactsSchema>;

/** The toolbar's buttons for the person's settings: built-ins first, then their own. */
export function quickActionButtons(custom: readonly CustomQuickAction[]): QuickActionButton[] {
  return [
    ...BuiltInQuickActionSchema.options.map((ref) => ({
      ref,
      name: BUILT_IN_QUICK_ACTION_NAMES[ref],
    })),
    ...custom.map((action) => ({ ref: `custom:${action.id}`, name: action.name })),
  ];
}

export type CustomActionCheck =
  | { readonly ok: true; readonly action: CustomQuickAction }
  | { readonly ok: false; readonly message: string };

/**
 * Checks a custom action as the person typed it and says in plain words what to
 * change. The first failing rule wins, so the message names one thing to fix.
 */
export function checkCustomAction(input: {
  readonly id: string;
  readonly name: string;
  readonly template: string;
}): CustomActionCheck {
  const name = input.name.trim();
  if (name.length < QUICK_ACTION_NAME_CHARS.min) return refuse('Give the action a name.');
  if (name.length > QUICK_ACTION_NAME_CHARS.max)
    return refuse(
      `The name is ${name.length} characters; keep it to ${QUICK_ACTION_NAME_CHARS.max}.`,
    );
  if (input.template.trim().length === 0)
    return refuse(`Write the message to send, with ${SELECTION_PLACEHOLDER} where the text goes.`);
  if (input.template.length > QUICK_ACTION_TEMPLATE_CHARS.max)
    return refuse(
      `The template is ${input.template.length.toLocaleString('en-US')} characters; keep it to ${QUICK_ACTION_TEMPLATE_CHARS.max.toLocaleString('en-US')}.`,
    );
  if (!input.template.includes(SELECTION_PLACEHOLDER))
    return refuse(`Put ${SELECTION_PLACEHOLDER} in the template where the selected text goes.`);
  const parsed = CustomQuickActionSchema.safeParse({ ...input, name });
  if (!parsed.success) return refuse('The action could not be saved; check its name and id.');
  return { ok: true, action: parsed.data };
}

const refuse = (message: string): CustomActionCheck => ({ ok: false, message });
