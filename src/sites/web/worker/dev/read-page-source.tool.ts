// read_page_source (Dev mode): the page's HTML as the browser holds it now, in pages,
// for questions the accessibility tree cannot answer (markup, attributes, inline
// scripts). Sensitive field values are masked on the page side before it is sent.
import { z } from '../../../../shared/schema/zod';
import { defineTool } from '../../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import { DEFAULT_SOURCE_PAGE_CHARS, MAX_SOURCE_PAGE_CHARS } from '../../methods/dev-methods';
import { asOutcome, callPage, count, success } from '../read/read-support';

export const readPageSourceTool = defineTool({
  name: 'read_page_source',
  description:
    "Read the page's current HTML source in pages (Dev). Field values of passwords, hidden inputs and cards are masked.",
  arguments: z.strictObject({
    page: z.number().int().min(1).max(100_000).default(1),
    page_chars: z
      .number()
      .int()
      .min(1_000)
      .max(MAX_SOURCE_PAGE_CHARS)
      .default(DEFAULT_SOURCE_PAGE_CHARS),
  }),
  effect: 'read',
  activity: ({ page }) =>
    page > 1 ? `Read the page source, part ${String(page)}` : 'Read the page source',
  approval: 'automatic',
  modes: ['dev'],
  tiers: ['mid', 'full'],
  execute: ({ page, page_chars }, context) =>
    asOutcome(context, async () => {
      const source = await callPage(context, 'web/page-source', { page, pageChars: page_chars });
      const last = source.page >= source.pages;
      return success(
        {
          ...untrustedPageData(source.url, { title: source.title, html: source.text }),
          page: source.page,
          pages: source.pages,
          next_page: last ? null : source.page + 1,
          total_chars: source.totalChars,
          masked_values: source.maskedValues,
          note:
            page > source.pages
              ? `There are only ${count(source.pages)} pages; this is the last one.`
              : null,
        },
        `Read page ${count(source.page)} of ${count(source.pages)} of the page source (${count(source.totalChars)} characters)`,
      );
    }),
});
