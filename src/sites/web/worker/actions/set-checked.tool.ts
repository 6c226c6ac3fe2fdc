// set_checked: a checkbox, radio button or switch to the state asked for, by one real
// click when it is not there yet; already there is reported, not clicked. The page
// must show the new state afterwards, or the call says it did not take.
import { z } from '../../../../shared/schema/zod';
import { defineTool } from '../../../../worker/tools/define-tool';
import { clickAt } from '../input/keys';
import { elementOf } from './action-activity';
import { reviewAction } from '../safety/review-action';
import { actionOutcome, pressAndObserve } from './action-result';
import { fail, findTarget, type ActionDeps } from './action-target';
import { RefArgument } from './resolve-target';

export function setCheckedTool(deps: ActionDeps) {
  return defineTool({
    name: 'set_checked',
    description:
      'Sets a checkbox, radio button or switch (by its ref) to checked or unchecked with a real click, only if it is not in that state already. For drop-downs use select_option; for text fields use type.',
    arguments: z.strictObject({
      ref: RefArgument,
      checked: z.boolean().describe('The state the control should end in.'),
    }),
    effect: 'page-action',
    activity: ({ ref, checked }, outcome) =>
      `${checked ? 'Checked' : 'Unchecked'} ${elementOf(ref, outcome)}`,
    approval: 'automatic',
    modes: ['act', 'dev'],
    review: ({ ref, checked }, context) =>
      reviewAction(context, { ref, enter: false, url: null }, (control) =>
        control ? { kind: 'press', verb: checked ? 'Check' : 'Uncheck', control } : null,
      ),
    async execute({ ref, checked }, context) {
      const target = await findTarget(deps, context, ref);
      if ('ok' in target) return target;
      const now = target.before.element?.checked ?? null;
      if (now === null) {
        return fail({
          code: 'INPUT_WRONG_CONTROL',
          message: `${ref} (${target.target}) is not a checkbox, radio button or switch. Use click for buttons and links, select_option for drop-downs, type for text fields.`,
        });
      }
      if (now === checked) {
        return {
          ok: true,
          result: {
            done: `${ref} was already ${checked ? 'checked' : 'unchecked'}; nothing was clicked.`,
            changed: false,
          },
          summary: `${ref} already ${checked ? 'checked' : 'unchecked'}`,
        };
      }
      if (target.kind === 'radio' && !checked) {
        return fail({
          code: 'INPUT_WRONG_CONTROL',
          message: `${ref} (${target.target}) is a radio button: it is unchecked by choosing another option of its group.`,
        });
      }
      const after = await pressAndObserve(deps, context, target.number, target.before, () =>
        clickAt(target.session, target.x, target.y),
      );
      if ('ok' in after) return after;
      const state = after.state?.element?.checked ?? null;
      if (after.state && state !== checked) {
        return fail({
          code: 'INPUT_NOT_ACCEPTED',
          message: `The page did not take it: ${ref} is still ${state ? 'checked' : 'unchecked'} after the click.`,
        });
      }
      return actionOutcome(
        `${checked ? 'Checked' : 'Unchecked'} ${ref}.`,
        target.target,
        after,
        target.before,
        `${checked ? 'Checked' : 'Unchecked'} ${ref}`,
        context,
      );
    },
  });
}
