// set_field: replaces what a text field or editable region holds with the given text
// (clear, then type, as a person would), and optionally presses Enter to submit it.
// The same trusted path as type, so framework-owned fields see a person's input.
import { z } from '../../../../shared/schema/zod';
import { counted, defineTool } from '../../../../worker/tools/define-tool';
import { elementOf } from './action-activity';
import { RefArgument } from './resolve-target';
import { MAX_TYPED_CHARS, typeInto } from './type.tool';
import type { ActionDeps } from './action-target';
import { reviewAction } from '../safety/review-action';

export function setFieldTool(deps: ActionDeps) {
  return defineTool({
    name: 'set_field',
    description:
      'Replaces the content of a text field or editable region by its ref with the given text (clears it, then types). submit presses Enter after. Not for checkboxes, radio buttons, drop-downs or file inputs.',
    arguments: z.strictObject({
      ref: RefArgument,
      value: z.string().max(MAX_TYPED_CHARS),
      submit: z.boolean().default(false).describe('Press Enter after, to submit the form.'),
    }),
    effect: 'page-action',
    activity: ({ ref, value, submit }, outcome) =>
      `Filled ${elementOf(ref, outcome)} with ${counted(value.length, 'character')}${submit ? ' and submitted it' : ''}`,
    approval: 'automatic',
    modes: ['act', 'dev'],
    review: ({ ref, value, submit }, context) =>
      reviewAction(context, { ref, enter: submit, url: null }, (field) =>
        field ? { kind: 'type', text: value, field, submit } : null,
      ),
    execute: ({ ref, value, submit }, context) =>
      typeInto(deps, context, { ref, text: value, clear: true, submit }, 'set_field'),
  });
}
