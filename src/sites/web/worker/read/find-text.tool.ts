// `find_text`: where a string occurs in the text the person sees, each occurrence
// with the ref of the element holding it (the same refs the accessibility tree shows),
// a short snippet and where it is relative to the viewport. Hidden occurrences are
// counted and left out unless asked for.
import { z } from '../../../../shared/schema/zod';
import { defineTool, counted, quoted, resultField } from '../../../../worker/tools/define-tool';
import { untrustedPageData } from '../../../../worker/tools/untrusted-content';
import { MAX_FIND_RESULTS, MAX_QUERY_CHARS } from '../../methods/read-methods';
import { asOutcome, callPage, count, success, topFrameRef } from './read-support';

const DEFAULT_RESULTS = 20;

const Arguments = z.strictObject({
  text: z
    .string()
    .min(1)
    .max(MAX_QUERY_CHARS)
    .regex(/\S/, 'The text to find must not be blank.')
    .describe('The text to look for (case and accents ignored; any white space matches any).'),
  exact: z.boolean().optional().describe('Match letter case and accents exactly.'),
  include_hidden: z
    .boolean()
    .optional()
    .describe('Also return occurrences in text hidden from the person (marked hidden).'),
  max_results: z.number().int().min(1).max(MAX_FIND_RESULTS).optional(),
});

export const findTextTool = defineTool({
  name: 'find_text',
  description:
    'Find text on the page: each occurrence with its element\u2019s ref, a snippet, and whether it is in view or above/below/left/right. Hidden text is left out (counted) unless include_hidden is true.',
  arguments: Arguments,
  effect: 'read',
  activity: (args, outcome) => {
    const total = resultField(outcome, 'total');
    const searched = `Searched the page for ${quoted(args.text, 40)}`;
    return typeof total === 'number'
      ? `${searched}: ${counted(total, 'match', 'matches')}`
      : searched;
  },
  approval: 'automatic',
  execute: (args, context) =>
    asOutcome(context, async () => {
      const maxResults = args.max_results ?? DEFAULT_RESULTS;
      const found = await callPage(context, 'web/find-text', {
        query: args.text,
        exact: args.exact ?? false,
        includeHidden: args.include_hidden ?? false,
        maxResults,
      });
      const matches = found.matches.map((match) => ({
        ref: topFrameRef(match.ref),
        element: match.tag,
        place: match.place,
        snippet: match.snippet,
      }));
      const more = found.total - matches.length;
      return success(
        {
          ...untrustedPageData(found.url, { matches }),
          total: found.total,
          total_is_lower_bound: found.totalCapped,
          shown: matches.length,
          cut:
            more > 0
              ? `[${count(more)} more occurrences not shown; raise max_results (up to ${MAX_FIND_RESULTS}) or search a longer text.]`
              : null,
          hidden_excluded: found.hiddenExcluded,
          partial: found.partial,
        },
        `${count(found.total)} occurrences of ${JSON.stringify(args.text.slice(0, 60))}${
          found.hiddenExcluded > 0 ? `, ${count(found.hiddenExcluded)} hidden left out` : ''
        }.`,
      );
    }),
});
