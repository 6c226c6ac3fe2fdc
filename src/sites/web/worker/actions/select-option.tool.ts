// select_option: a person's choice in a list, by the option's label or value. A native
// <select> takes it through the page (value setter plus the events a choice fires); a
// custom ARIA listbox or combobox is opened and its option clicked with trusted input.
// Either way the page is asked afterwards what is chosen now.
import { z } from '../../../../shared/schema/zod';
import {
  defineTool,
  quoted,
  type ToolOutcome,
  type ToolRunContext,
} from '../../../../worker/tools/define-tool';
import { clickAt } from '../input/keys';
import type { SelectAnswer } from '../../methods/act-methods';
import { actionOutcome, pressAndObserve, type After } from './action-result';
import { fail, findTarget, type ActionDeps, type ActionTarget } from './action-target';
import { RefArgument } from './resolve-target';
import { reviewAction } from '../safety/review-action';
import { elementOf } from './action-activity';

const NOT_A_LIST: Record<string, string> = {
  text: 'a text field: use set_field or type',
  contenteditable: 'an editable region: use type',
  checkbox: 'a checkbox: use set_checked',
  radio: 'a radio button: use set_checked',
  file: 'a file input: use upload_file to put a downloaded file in it',
  other: 'not a list of options: use click',
};

/** The failure for an answer that is not a choice made; null when it is one. */
function answerFailure(
  ref: string,
  answer: SelectAnswer,
  kind: string,
): Extract<ToolOutcome, { ok: false }> | null {
  switch (answer.status) {
    case 'gone':
      return fail({
        code: 'PAGE_REF_NOT_FOUND',
        message: `${ref} no longer names an element on the page. Look at the page again for fresh refs.`,
      });
    case 'not-a-list':
      return fail({
        code: 'INPUT_WRONG_CONTROL',
        message: `${ref} (${answer.target}) is ${NOT_A_LIST[kind] ?? NOT_A_LIST['other']}.`,
      });
    case 'closed':
      return fail({
        code: 'INPUT_NOT_ACCEPTED',
        message: `${ref} (${answer.target}) showed no options after a click. Look at the page: the list may open another way.`,
      });
    case 'none':
    case 'ambiguous':
      return {
        ok: false,
        code: 'INPUT_OPTION_NOT_FOUND',
        message: `${answer.status === 'none' ? 'No option' : 'More than one option'} of ${ref} (${answer.target}) matches; nothing was chosen. Ask again with one of the listed options.`,
        details: { options: answer.options },
      };
    case 'refused':
      return fail({
        code: 'INPUT_NOT_ACCEPTED',
        message: `The page did not take the choice: ${ref} shows ${answer.current === null ? 'nothing' : `"${answer.current}"`} after it.`,
      });
    default:
      return null;
  }
}

const ask = (context: ToolRunContext, ref: number, option: string, check: boolean) =>
  context.page.request('web/act-select', { ref, option, check });

/** A custom list: open it if its options are not there, click the option, check. */
async function chooseCustom(
  deps: ActionDeps,
  context: ToolRunContext,
  target: ActionTarget,
  option: string,
  first: SelectAnswer,
): Promise<{ answer: SelectAnswer; after: After | null } | Extract<ToolOutcome, { ok: false }>> {
  let answer = first;
  if (answer.status === 'closed') {
    const opened = await pressAndObserve(deps, context, target.number, target.before, () =>
      clickAt(target.session, target.x, target.y),
    );
    if ('ok' in opened) return opened;
    const again = await ask(context, target.number, option, false);
    if (!again.ok) return fail(again.error);
    answer = again.data;
  }
  if (answer.status !== 'click') return { answer, after: null };
  const label = answer.label;
  const choice = await findTarget(deps, context, `e${answer.option}`);
  if ('ok' in choice) return choice;
  const clicked = await pressAndObserve(deps, context, choice.number, choice.before, () =>
    clickAt(choice.session, choice.x, choice.y),
  );
  if ('ok' in clicked) return clicked;
  // A list the click took the page away from (a menu of links) has nothing to check.
  if (clicked.arrival)
    return { answer: { status: 'chosen', target: target.target, chosen: label }, after: clicked };
  const checked = await ask(context, target.number, label, true);
  return checked.ok ? { answer: checked.data, after: clicked } : fail(checked.error);
}

export function selectOptionTool(deps: ActionDeps) {
  return defineTool({
    name: 'select_option',
    description:
      'Chooses an option in a drop-down list (a <select>, listbox or combobox) by its ref and the option\u2019s label or value. When no option or several match, the result lists the options.',
    arguments: z.strictObject({
      ref: RefArgument,
      option: z
        .string()
        .min(1)
        .max(200)
        .describe('The option\u2019s label as shown, or its value.'),
    }),
    effect: 'page-action',
    activity: ({ ref, option }, outcome) => `Chose ${quoted(option)} in ${elementOf(ref, outcome)}`,
    approval: 'automatic',
    modes: ['act', 'dev'],
    review: ({ ref, option }, context) =>
      reviewAction(context, { ref, enter: false, url: null }, (field) =>
        field ? { kind: 'type', text: option, field, submit: false } : null,
      ),
    async execute({ ref, option }, context) {
      const target = await findTarget(deps, context, ref);
      if ('ok' in target) return target;
      const holder: { answer: SelectAnswer | null } = { answer: null };
      let after = await pressAndObserve(deps, context, target.number, target.before, async () => {
        const first = await ask(context, target.number, option, false);
        if (!first.ok) return fail(first.error);
        holder.answer = first.data;
      });
      if ('ok' in after) return after;
      let final: SelectAnswer = holder.answer ?? { status: 'gone' };
      if (final.status === 'closed' || final.status === 'click') {
        const custom = await chooseCustom(deps, context, target, option, final);
        if ('ok' in custom) return custom;
        final = custom.answer;
        after = custom.after ?? after;
      }
      const failure = answerFailure(ref, final, target.kind);
      if (failure) return failure;
      const chosen = final.status === 'chosen' ? final.chosen : option;
      return actionOutcome(
        `Chose "${chosen}" in ${ref}.`,
        target.target,
        after,
        target.before,
        `Chose an option in ${ref}`,
        context,
      );
    },
  });
}
