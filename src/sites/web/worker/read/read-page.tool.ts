// `read_page`: the page's main content as Markdown, in parts of at most 30,000
// characters. Text the person cannot see is left out on the page (before anything is
// copied) and counted here, so the model knows something was there and where it hid.
import { z } from '../../../../shared/schema/zod';
import { defineTool } from '../../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import { DEFAULT_READ_PAGE_CHARS, MAX_READ_PAGE_CHARS } from '../../methods/read-methods';
import { coverageNote, hiddenNote } from './coverage';
import { asOutcome, callPage, count, modelJson, success } from './read-support';

const Arguments = z.strictObject({
  offset: z
    .number()
    .int()
    .min(0)
    .max(10_000_000)
    .optional()
    .describe('Where to continue: the next_offset of the previous read_page result.'),
  max_chars: z
    .number()
    .int()
    .min(500)
    .max(MAX_READ_PAGE_CHARS)
    .optional()
    .describe(`Characters to return (default ${DEFAULT_READ_PAGE_CHARS}).`),
});

export const readPageTool = defineTool({
  name: 'read_page',
  description:
    "Read the page's main content as Markdown: headings, paragraphs, lists, links with full URLs, tables. Long pages come in parts; pass next_offset to continue. Text hidden from the person is left out and counted.",
  arguments: Arguments,
  effect: 'read',
  activity: (args) => (args.offset ? 'Read more of the page' : 'Read the page'),
  approval: 'automatic',
  execute: (args, context) =>
    asOutcome(context, async () => {
      const page = await callPage(context, 'web/read-page', {
        offset: args.offset ?? 0,
        maxChars: args.max_chars ?? DEFAULT_READ_PAGE_CHARS,
      });
      const returned = page.markdown.length;
      const rest = page.nextOffset === null ? 0 : page.totalChars - page.nextOffset;
      const notes = [
        ...(page.reread
          ? [
              'The page changed since the previous part was read; this part is from the page as it is now.',
            ]
          : []),
        ...(page.textCut
          ? [
              'The page has more text than one read covers; only its first million characters were read.',
            ]
          : []),
        ...(page.coverage.stopped
          ? ['The page is very large: reading stopped partway, so later parts may be missing.']
          : []),
      ];
      return success(
        {
          ...untrustedPageData(page.url, {
            title: page.title,
            byline: page.byline,
            site_name: page.siteName,
            lang: page.lang,
            markdown: page.markdown,
          }),
          source: page.source,
          offset: page.offset,
          returned_chars: returned,
          total_chars: page.totalChars,
          next_offset: page.nextOffset,
          continuation:
            page.nextOffset === null
              ? null
              : `[Cut here: ${count(rest)} more characters. Call read_page with offset ${page.nextOffset} to continue.]`,
          hidden_omitted: modelJson({
            parts: page.coverage.hiddenParts,
            characters: page.coverage.hiddenCharacters,
            reasons: page.coverage.hiddenReasons,
            note: hiddenNote(page.coverage.hiddenParts),
          }),
          covers: coverageNote(page.coverage, 'same-origin frames read in place'),
          notes,
        },
        `Read ${count(returned)} of ${count(page.totalChars)} characters (${page.source})${
          page.coverage.hiddenParts > 0
            ? `; ${count(page.coverage.hiddenParts)} hidden parts left out`
            : ''
        }.`,
      );
    }),
});
