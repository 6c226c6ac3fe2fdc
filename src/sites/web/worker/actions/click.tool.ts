// click: one trusted left click on an element by its ref, as a person's click: the
// browser's own hit test decides what receives it, so it reaches handlers on inner
// elements and never goes through an overlay.
import { z } from '../../../../shared/schema/zod';
import { defineTool } from '../../../../worker/tools/define-tool';
import { clickAt } from '../input/keys';
import { actionOutcome, pressAndObserve } from './action-result';
import { fail, findTarget, type ActionDeps } from './action-target';
import { elementOf } from './action-activity';
import { recordPressed, reviewAction } from '../safety/review-action';
import {
  ONE_TARGET_MESSAGE,
  PointFields,
  TargetFields,
  actionTarget,
  hasOneTarget,
  reviewTarget,
  targetWords,
} from './resolve-target';

export function clickTool(deps: ActionDeps) {
  return defineTool({
    name: 'click',
    description:
      'Clicks an element by its ref with a real mouse click; refuses when something covers it, naming it. A click that buys, pays, sends, posts, deletes or submits waits for the person\u2019s approval. The result says what changed.',
    arguments: z
      .strictObject({ ...TargetFields, ...PointFields })
      .refine(hasOneTarget, ONE_TARGET_MESSAGE),
    effect: 'page-action',
    activity: (args, outcome) => `Clicked ${elementOf(args.ref ?? targetWords(args), outcome)}`,
    approval: 'automatic',
    modes: ['act', 'dev'],
    review: (args, context) =>
      reviewTarget(args, context, (ref) =>
        reviewAction(context, { ref, enter: false, url: null }, (control) =>
          control ? { kind: 'press', verb: 'Click', control } : null,
        ),
      ),
    async execute(args, context) {
      const named = await actionTarget(args, context);
      if (!('ref' in named)) return named;
      const { ref } = named;
      const target = await findTarget(deps, context, ref);
      if ('ok' in target) return target;
      const after = await pressAndObserve(deps, context, target.number, target.before, async () => {
        await target.session.send('Input.dispatchMouseEvent', {
          type: 'mouseMoved',
          x: target.x,
          y: target.y,
        });
        // The last look before pressing: the element must still be there, uncovered.
        const again = await context.page.request('web/act-locate', {
          ref: target.number,
          scroll: false,
        });
        if (!again.ok) return fail(again.error);
        const moved =
          again.data.status !== 'ready' ||
          again.data.coveredBy !== null ||
          Math.abs(again.data.x - target.x) > 1 ||
          Math.abs(again.data.y - target.y) > 1;
        if (moved) {
          return fail({
            code: 'INPUT_TARGET_MOVING',
            message: `${ref} moved or was covered just before the click, so Side Agent did not press it. Look at the page again.`,
          });
        }
        await clickAt(target.session, target.x, target.y);
        // Remembered once pressed, whatever follows: a submit whose page never
        // finished loading is the one most likely pressed again.
        recordPressed(context);
      });
      if ('ok' in after) return after;
      return actionOutcome(
        `Clicked ${ref}.`,
        target.target,
        after,
        target.before,
        `Clicked ${ref}`,
        context,
      );
    },
  });
}
