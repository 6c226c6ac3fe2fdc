// hover: the real mouse over an element by its ref, for menus and tooltips that open
// on hover. Moving the pointer changes nothing a person could not undo by moving it
// away, so it never asks first.
import { z } from '../../../../shared/schema/zod';
import { elementOf } from './action-activity';
import { defineTool } from '../../../../worker/tools/define-tool';
import { actionOutcome, pressAndObserve } from './action-result';
import { findTarget, type ActionDeps } from './action-target';
import { RefArgument } from './resolve-target';

export function hoverTool(deps: ActionDeps) {
  return defineTool({
    name: 'hover',
    description:
      'Moves the mouse over an element by its ref (menus and tooltips that open on hover). Clicks nothing. The result says what changed.',
    arguments: z.strictObject({ ref: RefArgument }),
    effect: 'page-action',
    activity: ({ ref }, outcome) => `Pointed at ${elementOf(ref, outcome)}`,
    approval: 'automatic',
    modes: ['act', 'dev'],
    review: async () => ({ ask: false }),
    async execute({ ref }, context) {
      const target = await findTarget(deps, context, ref);
      if ('ok' in target) return target;
      const after = await pressAndObserve(deps, context, target.number, target.before, async () => {
        await target.session.send('Input.dispatchMouseEvent', {
          type: 'mouseMoved',
          x: target.x,
          y: target.y,
        });
      });
      if ('ok' in after) return after;
      return actionOutcome(
        `Moved the mouse over ${ref}.`,
        target.target,
        after,
        target.before,
        `Hovered ${ref}`,
        context,
      );
    },
  });
}
