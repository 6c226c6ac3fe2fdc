// `verify_form`: before a form is sent, what each of its fields holds now and whether
// the form's own checks would accept it, problems first; what may not be read
// (passwords, card numbers, codes) is only said to be filled or empty. A model that
// sees images gets the visible page as well, since a form often shows its errors
// beside the field. Offered when the person's words are about filling something in.
import { z } from '../../../../shared/schema/zod';
import type { ResponseOf } from '../../../../shared/protocol/define-channel';
import type { PageChannel } from '../../../page-channel';
import { defineTool } from '../../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import { captureForModel } from './capture-for-model';
import { asOutcome, callPage, count, modelJson, success } from './read-support';

type Form = NonNullable<ResponseOf<PageChannel, 'web/extract-data'>['forms']>['items'][number];
type Field = Form['fields'][number];

const FORM_WORDS =
  /\b(form|fill\w*|sign[ -]?up|register|registration|apply|application|checkout|check out|book\w*|enrol\w*|submit\w*|enter my|my (address|details|name|email))\b/i;

/** Whether the person's words are about filling something in. */
export const asksForForms = (personText: readonly string[]): boolean =>
  personText.some((text) => FORM_WORDS.test(text));

const isButton = (field: Field) => /^(submit|button|reset|image)$/.test(field.type);

function stateOf(field: Field): string {
  if (field.withheld) return field.filled ? 'filled (value not shown)' : 'empty';
  if (field.checked !== undefined) return field.checked ? 'checked' : 'not checked';
  if (field.options) {
    const chosen = field.options.filter((option) => option.selected).map((option) => option.text);
    return chosen.length > 0 ? `chosen: ${chosen.join(', ')}` : 'nothing chosen';
  }
  return field.value ? 'filled' : 'empty';
}

/** One form's fields as the model reads them, with its problems counted. */
function checked(form: Form) {
  const fields = form.fields.filter((field) => !isButton(field));
  const problems = fields.filter((field) => field.problem !== undefined);
  const emptyRequired = fields.filter(
    (field) => field.required && stateOf(field) === 'empty' && field.problem === undefined,
  );
  return {
    name: form.name,
    method: form.method,
    ready: problems.length === 0 && emptyRequired.length === 0,
    problems: problems.map((field) => ({
      field: field.label ?? field.name,
      problem: field.problem,
    })),
    fields: fields.map((field) => ({
      label: field.label ?? field.name,
      type: field.type,
      state: stateOf(field),
      ...(field.value !== undefined && !field.withheld ? { value: field.value } : {}),
      ...(field.required ? { required: true } : {}),
      ...(field.disabled ? { disabled: true } : {}),
    })),
    ...(form.fields.length < form.fieldCount
      ? { cut: `${form.fields.length} of ${form.fieldCount} fields shown` }
      : {}),
  };
}

export const verifyFormTool = defineTool({
  name: 'verify_form',
  description:
    "Check the page's forms before sending one: each field's current value (secrets only as filled/empty) and whether the form's own checks accept it, problems first.",
  arguments: z.strictObject({}),
  effect: 'read',
  activity: () => 'Checked the form fields',
  approval: 'automatic',
  offerWhen: asksForForms,
  execute: (_args, context) =>
    asOutcome(context, async () => {
      const data = await callPage(context, 'web/extract-data', { kinds: ['forms'] });
      const forms = (data.forms?.items ?? []).map(checked);
      const problems = forms.reduce((sum, form) => sum + form.problems.length, 0);
      const image = context.supportsVision === true ? await captureForModel(context.page) : null;
      return success(
        {
          ...untrustedPageData(data.url, { forms: modelJson(forms) as never }),
          ...(forms.length === 0 ? { note: 'No form fields are visible on this page.' } : {}),
          ...(image
            ? {
                image_sent: true,
                images: [{ type: 'image', mediaType: image.mediaType, base64: image.base64 }],
              }
            : {}),
        },
        forms.length === 0
          ? 'No form fields on the page.'
          : `Checked ${count(forms.length)} form${forms.length === 1 ? '' : 's'}: ${problems === 0 ? 'no problems' : `${count(problems)} field${problems === 1 ? '' : 's'} would be refused`}.`,
      );
    }),
});
