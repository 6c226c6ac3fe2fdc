// `extract_data`: tables as rows, the heading outline, links, images and forms of the
// page, the sections the model asks for, each capped; every cut says how much was left
// out. Form values the person would not want read (passwords, card numbers, one-time
// codes, hidden inputs) are never included.
import { z } from '../../../../shared/schema/zod';
import type { ResponseOf } from '../../../../shared/protocol/define-channel';
import type { PageChannel } from '../../../page-channel';
import { defineTool } from '../../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import { DATA_KINDS } from '../../methods/read-methods';
import { coverageNote, hiddenNote } from './coverage';
import { asOutcome, callPage, count, modelJson, success } from './read-support';

type Extracted = ResponseOf<PageChannel, 'web/extract-data'>;

const Arguments = z.strictObject({
  kind: z
    .array(z.enum(DATA_KINDS))
    .min(1)
    .max(DATA_KINDS.length)
    .optional()
    .describe('Sections to extract (default: all).'),
});

/** What each section left out, as short phrases for the visible cut marker. */
export function cutsOf(data: Extracted): string[] {
  const cuts: string[] = [];
  if (data.tables) {
    if (data.tables.total > data.tables.items.length)
      cuts.push(`tables: ${data.tables.items.length} of ${data.tables.total}`);
    data.tables.items.forEach((table, index) => {
      const columns = table.headers?.length ?? table.rows[0]?.length ?? 0;
      if (table.rows.length < table.rowCount || columns < table.columnCount)
        cuts.push(
          `table ${index + 1}: ${table.rows.length} of ${table.rowCount} rows, ${columns} of ${table.columnCount} columns`,
        );
    });
  }
  if (data.headings && data.headings.total > data.headings.items.length)
    cuts.push(`headings: ${data.headings.items.length} of ${data.headings.total}`);
  if (data.links && data.links.distinct > data.links.items.length)
    cuts.push(`links: ${data.links.items.length} of ${data.links.distinct} distinct`);
  if (data.images && data.images.total > data.images.items.length)
    cuts.push(`images: ${data.images.items.length} of ${data.images.total}`);
  if (data.forms) {
    if (data.forms.total > data.forms.items.length)
      cuts.push(`forms: ${data.forms.items.length} of ${data.forms.total}`);
    data.forms.items.forEach((form, index) => {
      if (form.fields.length < form.fieldCount)
        cuts.push(`form ${index + 1}: ${form.fields.length} of ${form.fieldCount} fields`);
    });
  }
  return cuts;
}

export const extractDataTool = defineTool({
  name: 'extract_data',
  description:
    'Extract structured data: tables as rows, the headings outline, links (text and URL), images (alt text), forms and their fields (never passwords or card numbers). Choose sections with kind.',
  arguments: Arguments,
  effect: 'read',
  activity: (args) =>
    args.kind === undefined
      ? 'Collected the page data'
      : `Collected the page ${args.kind.join(', ')}`,
  approval: 'automatic',
  execute: (args, context) =>
    asOutcome(context, async () => {
      const kinds = [...new Set(args.kind ?? DATA_KINDS)];
      const data = await callPage(context, 'web/extract-data', { kinds });
      const { url, title, coverage, ...sections } = data;
      const cuts = cutsOf(data);
      return success(
        {
          ...untrustedPageData(url, { title, ...(modelJson(sections) as Record<string, never>) }),
          cut: cuts.length > 0 ? `[Cut to fit: ${cuts.join('; ')}.]` : null,
          hidden_omitted: modelJson({
            parts: coverage.hiddenParts,
            reasons: coverage.hiddenReasons,
            note: hiddenNote(coverage.hiddenParts),
          }),
          covers: coverageNote(coverage, 'same-origin frames read in place'),
          partial: coverage.stopped
            ? 'The page is very large: reading stopped partway, so later parts are missing and the counts cover only what was read.'
            : null,
        },
        `Extracted ${kinds
          .map((kind) => `${kind} ${count(sections[kind]?.items.length ?? 0)}`)
          .join(', ')}.`,
      );
    }),
});
