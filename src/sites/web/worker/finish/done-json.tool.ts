// `done_json`: how a run whose message asked for a JSON result (/json) finishes. The
// data is validated against the person's format (never one from the page or the
// model); wrong data goes back with the first few issues and their paths, a few
// times, then the run stops and says so. In Act and Dev a success claim is checked
// on the page like `done`; in Ask there is nothing the run could have left undone.
import { z } from '../../../../shared/schema/zod';
import { defineTool, type ToolOutcome } from '../../../../worker/tools/define-tool';
import { FINISH_ARGUMENTS, OUTCOME_WORDS } from './done.tool';
import { checkFinish } from './finish-check';

type Failure = Extract<ToolOutcome, { ok: false }>;

const issueLine = (issue: { path: string; message: string }) => `${issue.path}: ${issue.message}`;

export const doneJsonTool = defineTool({
  name: 'done_json',
  description:
    'Finish with the data the person asked for, as `data` in their JSON format; a summary and the outcome. Data that does not match comes back with what to fix.',
  arguments: z.strictObject({
    ...FINISH_ARGUMENTS,
    data: z.unknown().optional().describe('The result in the JSON format the person gave.'),
  }),
  effect: 'read',
  activity: ({ outcome }, result) =>
    result?.ok === false ? 'Checked the data before finishing' : OUTCOME_WORDS[outcome],
  approval: 'automatic',
  finishes: 'data',
  async execute({ summary, outcome, data }, context) {
    const book = context.result;
    if (!book)
      return {
        ok: false,
        code: 'SITE_FEATURE_UNAVAILABLE',
        message: 'This message asked for no JSON result: finish with done.',
      };
    if (data === undefined && outcome !== 'failed')
      return {
        ok: false,
        code: 'RESULT_INVALID',
        message: `Put the result in \`data\`, in the person's format (${book.format.label}). If you could not get it, call done_json with outcome failed and say why.`,
        summary: 'The agent finished without the data, so it was sent back for it.',
      };
    if (context.runStart?.agentMode !== 'ask') {
      const checked = await checkFinish(outcome, summary, context);
      if ('ok' in checked) return checked;
    }
    if (data !== undefined) {
      const checked = book.check(data);
      if (!checked.ok) return refusal(checked);
    }
    return {
      ok: true,
      result: {
        finished: true,
        outcome,
        summary,
        data_accepted: data !== undefined,
        next: 'The person sees the data as it is. Give them a one- or two-sentence answer now, without repeating the data, and make no more tool calls.',
      },
      summary: `${OUTCOME_WORDS[outcome]}: ${summary}`.slice(0, 400),
    };
  },
});

function refusal(checked: {
  readonly issues: readonly { path: string; keyword: string; message: string }[];
  readonly tooLarge: boolean;
  readonly left: number;
}): Failure {
  const what = checked.tooLarge
    ? 'The data is too large to hand back in a chat answer; return fewer items or shorter values.'
    : `The data does not match the person's format: ${checked.issues.map(issueLine).join('; ')}.`;
  if (checked.left === 0)
    return {
      ok: false,
      code: 'RESULT_GAVE_UP',
      message: `${what} That was the last try: make no more tool calls and tell the person you could not return the data in their format.`,
      summary: 'The data still did not match the format, so the agent stopped trying.',
    };
  return {
    ok: false,
    code: 'RESULT_INVALID',
    message: `${what} Fix it and call done_json again (${checked.left} ${checked.left === 1 ? 'try' : 'tries'} left).`,
    details: { errors: checked.issues.map((issue) => ({ ...issue })), tries_left: checked.left },
    summary:
      `The data did not match the format (${checked.issues.length > 0 ? issueLine(checked.issues[0]!) : 'too large'}), so it was sent back.`.slice(
        0,
        400,
      ),
  };
}
