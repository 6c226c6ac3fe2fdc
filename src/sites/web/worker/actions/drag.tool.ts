// drag: one trusted drag from an element to another, by their refs (reordering a
// list, moving a card to a column, a slider). Both must show on screen together,
// uncovered, so the drag goes where a person's would. HTML5 drag and drop is finished
// through the debugger (see input/drag-input.ts). A drop onto a consequential target
// ("Trash", "Delete") asks first, like a click on it.
import { z } from '../../../../shared/schema/zod';
import { defineTool } from '../../../../worker/tools/define-tool';
import { dragBetween, type DragKind } from '../input/drag-input';
import { elementOf } from './action-activity';
import { actionOutcome, pressAndObserve } from './action-result';
import { fail, findTarget, parseActionRef, type ActionDeps } from './action-target';
import { RefArgument } from './resolve-target';
import { reviewAction } from '../safety/review-action';

/** Moves between press and release: enough for sorting libraries to follow the pointer. */
const DRAG_STEPS = 12;

export function dragTool(deps: ActionDeps) {
  return defineTool({
    name: 'drag',
    description: 'Drag an element onto another by refs, e.g. to reorder a list.',
    arguments: z.strictObject({
      from: RefArgument,
      to: RefArgument,
    }),
    effect: 'page-action',
    activity: ({ from, to }, outcome) => `Dragged ${elementOf(from, outcome)} onto ${to}`,
    approval: 'automatic',
    modes: ['act', 'dev'],
    review: ({ from, to }, context) =>
      reviewAction(context, { ref: to, enter: false, url: null }, (control) =>
        control ? { kind: 'press', verb: `Drag ${from} onto`, control } : null,
      ),
    async execute({ from, to }, context) {
      const drop = parseActionRef(to);
      if ('ok' in drop) return drop;
      const source = await findTarget(deps, context, from);
      if ('ok' in source) return source;
      const located = await context.page.request('web/act-locate', {
        ref: drop.number,
        scroll: false,
      });
      if (!located.ok) return fail(located.error);
      const target = located.data;
      if (target.status === 'gone') {
        return fail({
          code: 'PAGE_REF_NOT_FOUND',
          message: `${to} no longer names an element on the page (it was removed, or the ref is from an earlier page). Look at the page again for fresh refs.`,
        });
      }
      if (target.status === 'not-visible') {
        return fail({
          code: 'INPUT_TARGET_NOT_VISIBLE',
          message: `${to} (${target.target}) is not on screen together with ${from}. Scroll so both show (or drag in shorter moves), then try again.`,
        });
      }
      if (target.coveredBy !== null) {
        return fail({
          code: 'INPUT_TARGET_COVERED',
          message: `${to} (${target.target}) is covered by ${target.coveredBy}; the drop would land on that instead.`,
        });
      }
      let kind = 'pointer' as DragKind;
      const after = await pressAndObserve(deps, context, source.number, source.before, async () => {
        try {
          kind = await dragBetween(source.session, source, target, DRAG_STEPS, context.signal);
        } catch (error) {
          if (context.signal.aborted)
            return fail({ code: 'CANCELLED', message: 'The request was stopped.' });
          throw error;
        }
      });
      if ('ok' in after) return after;
      // Where the dragged element is now: a sorted list moves it, a drop zone may remove it.
      const now = await context.page.request('web/act-locate', {
        ref: source.number,
        scroll: false,
      });
      const moved =
        now.ok && now.data.status === 'ready'
          ? { moved_px: Math.round(Math.hypot(now.data.x - source.x, now.data.y - source.y)) }
          : {};
      const outcome = actionOutcome(
        `Dragged ${from} onto ${to} (${kind === 'html5' ? 'an HTML5 drag and drop' : 'a mouse drag'}).`,
        source.target,
        after,
        source.before,
        `Dragged ${from} onto ${to}`,
        context,
      );
      return outcome.ok &&
        typeof outcome.result === 'object' &&
        outcome.result !== null &&
        !Array.isArray(outcome.result)
        ? { ...outcome, result: { ...outcome.result, ...moved } }
        : outcome;
    },
  });
}
