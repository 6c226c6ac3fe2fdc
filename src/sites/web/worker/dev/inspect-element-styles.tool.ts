// inspect_element_styles (Dev mode): one element's computed styles, box model and the
// page's style rules that match it, by its ref, for layout and visibility questions.
import { z } from '../../../../shared/schema/zod';
import { defineTool } from '../../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import { MAX_STYLE_PROPERTIES, PropertyName } from '../../methods/dev-methods';
import { parseActionRef, refGone } from '../actions/action-target';
import { RefArgument } from '../actions/resolve-target';
import { asksForStyles } from './asks-for-styles';
import { asOutcome, callPage, count, modelJson, success } from '../read/read-support';

export const inspectElementStylesTool = defineTool({
  name: 'inspect_element_styles',
  description:
    'Computed styles, box model and matching CSS rules of one element by ref (Dev). Name properties to read only those.',
  arguments: z.strictObject({
    ref: RefArgument,
    properties: z.array(PropertyName).min(1).max(MAX_STYLE_PROPERTIES).optional(),
  }),
  effect: 'read',
  activity: ({ ref }) => `Inspected the styles of ${ref}`,
  approval: 'automatic',
  modes: ['dev'],
  tiers: ['mid', 'full'],
  offerWhen: asksForStyles,
  execute: ({ ref, properties }, context) =>
    asOutcome(context, async () => {
      const parsed = parseActionRef(ref);
      if ('ok' in parsed) return parsed;
      const styles = await callPage(context, 'web/element-styles', {
        ref: parsed.number,
        properties: properties ?? null,
      });
      if (styles.status === 'gone') return refGone(ref);
      const { url, status: _status, ...rest } = styles;
      return success(
        {
          ...untrustedPageData(url, modelJson(rest)),
          rules_cut:
            styles.rulesTotal > styles.rules.length
              ? `[Cut: ${count(styles.rulesTotal)} rules match; the last ${count(styles.rules.length)} in cascade order are shown.]`
              : null,
        },
        `Inspected the styles of ${ref}: ${count(styles.rulesTotal)} matching rules`,
      );
    }),
});
