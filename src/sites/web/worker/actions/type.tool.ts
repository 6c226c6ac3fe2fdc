// type: text into a text field or an editable region by its ref. A trusted click
// focuses it, then the text goes in as the browser's own text input, so pages whose
// framework owns the field's value (React and the like) see a person typing. What is
// typed into a field the page withholds (a password, a card number) is left out of the
// stored chat's copy of the call.
import { z } from '../../../../shared/schema/zod';
import {
  counted,
  defineTool,
  type ToolOutcome,
  type ToolRunContext,
} from '../../../../worker/tools/define-tool';
import { clickAt, parseChord, pressChord } from '../input/keys';
import { actionOutcome, pressAndObserve } from './action-result';
import { fail, findTarget, type ActionDeps } from './action-target';
import {
  ONE_TARGET_MESSAGE,
  TargetFields,
  actionTarget,
  hasOneTarget,
  reviewTarget,
  targetWords,
} from './resolve-target';
import { elementOf } from './action-activity';
import { recordPressed, reviewAction } from '../safety/review-action';

/** Most characters one call types. */
export const MAX_TYPED_CHARS = 5_000;

const WRONG_CONTROL: Record<string, string> = {
  checkbox: 'a checkbox: use set_checked to check or uncheck it',
  radio: 'a radio button: use set_checked to choose it',
  file: 'a file input: use upload_file to put a downloaded file in it',
  select: 'a drop-down list: use select_option to choose an option',
  other: 'not a text field: click it, or use press_keys for keys',
};

const chord = (text: string) => {
  const parsed = parseChord(text);
  if (!('chord' in parsed)) throw new Error(`unknown key ${text}`);
  return parsed.chord;
};

/** Whether a field's value read back holds what was typed (a password reads back masked). */
function holds(value: string, expected: string, typed: string): boolean {
  if (value === expected || value.includes(typed)) return true;
  return /^\u2022*$/.test(value) && value.length === expected.length;
}

export function typeTool(deps: ActionDeps) {
  return defineTool({
    name: 'type',
    description:
      'Types into a text field or editable region by its ref, as a person would; can clear it first and press Enter after. Not for checkboxes, radios, drop-downs or file inputs.',
    arguments: z
      .strictObject({
        ...TargetFields,
        text: z.string().max(MAX_TYPED_CHARS),
        clear: z.boolean().default(false).describe('Select and delete what the field holds first.'),
        submit: z.boolean().default(false).describe('Press Enter after typing.'),
      })
      .refine(hasOneTarget, ONE_TARGET_MESSAGE),
    effect: 'page-action',
    activity: (args, outcome) =>
      `Typed ${counted(args.text.length, 'character')} into ${elementOf(args.ref ?? targetWords(args), outcome)}${args.submit ? ' and pressed Enter' : ''}`,
    approval: 'automatic',
    modes: ['act', 'dev'],
    review: ({ text, submit, ...target }, context) =>
      reviewTarget(target, context, (ref) =>
        reviewAction(context, { ref, enter: submit, url: null }, (field) =>
          field ? { kind: 'type', text, field, submit } : null,
        ),
      ),
    async execute(args, context) {
      const named = await actionTarget(args, context);
      if (!('ref' in named)) return named;
      return typeInto(deps, context, { ...args, ref: named.ref }, 'type');
    },
  });
}

/** What to type where: the arguments type and set_field share. */
export interface TypeRequest {
  readonly ref: string;
  readonly text: string;
  readonly clear: boolean;
  readonly submit: boolean;
}

/** Focuses the field by a trusted click, then types; `tool` names the caller in messages. */
export async function typeInto(
  deps: ActionDeps,
  context: ToolRunContext,
  { ref, text, clear, submit }: TypeRequest,
  tool: 'type' | 'set_field',
): Promise<ToolOutcome> {
  const target = await findTarget(deps, context, ref);
  if ('ok' in target) return target;
  if (target.kind !== 'text' && target.kind !== 'contenteditable') {
    return fail({
      code: 'INPUT_WRONG_CONTROL',
      message: `${ref} (${target.target}) is ${WRONG_CONTROL[target.kind] ?? WRONG_CONTROL['other']}.`,
    });
  }
  const start = target.before.element?.value ?? '';
  const after = await pressAndObserve(deps, context, target.number, target.before, async () => {
    await clickAt(target.session, target.x, target.y);
    if (clear) {
      await pressChord(target.session, chord('Control+a'));
      await pressChord(target.session, chord('Backspace'));
    }
    if (text.length > 0) await target.session.send('Input.insertText', { text });
    if (submit) {
      await pressChord(target.session, chord('Enter'));
      // Enter that sends a form counts as sending it, for the duplicate-submit rule.
      recordPressed(context);
    }
  });
  if ('ok' in after) return after;
  // The field must hold what was typed; a page that swallowed the input is reported.
  const value = after.state?.element?.value ?? null;
  if (!submit && value !== null && !holds(value, clear ? text : start + text, text)) {
    return fail({
      code: 'INPUT_NOT_ACCEPTED',
      message: `The page did not take the text: ${ref} does not hold it after typing (it may filter or reset what is typed).`,
    });
  }
  const enter = submit ? ' and pressed Enter' : '';
  const outcome = actionOutcome(
    tool === 'set_field'
      ? `Set ${ref} to the ${text.length} characters given${enter}.`
      : `Typed ${text.length} characters into ${ref}${enter}.`,
    target.target,
    after,
    target.before,
    tool === 'set_field' ? `Set ${ref}` : `Typed into ${ref}`,
    context,
  );
  // Text typed into a field the page withholds (a password) is not kept in the chat.
  const withheld =
    target.before.element?.withheld === true || after.state?.element?.withheld === true;
  const argument = tool === 'set_field' ? 'value' : 'text';
  return withheld && outcome.ok ? { ...outcome, withheldArguments: [argument] } : outcome;
}
