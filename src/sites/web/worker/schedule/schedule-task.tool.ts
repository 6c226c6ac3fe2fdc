// `schedule_task`: a standalone prompt that runs later, once or every N minutes
// (1 minute to 1 year), in this tab or on a page opened at run time. Offered only
// when the person asked for scheduled work in this chat; every call shows the
// schedule in plain words for the person's approval first.
import { z } from '../../../../shared/schema/zod';
import {
  MAX_INTERVAL_MINUTES,
  MAX_JOB_PROMPT_CHARS,
  MAX_JOB_TITLE_CHARS,
  type JobSchedule,
} from '../../../../shared/protocol/job-records';
import { defineTool, type ToolRunContext } from '../../../../worker/tools/define-tool';
import { asksForScheduledWork } from './schedule-request';
import { invalid, reviewOf, runFacts, scopeFor, submit, type Proposal } from './schedule-job';
import { firstRunAt } from './schedule-words';

const Arguments = z.strictObject({
  title: z.string().min(1).max(MAX_JOB_TITLE_CHARS),
  prompt: z.string().min(1).max(MAX_JOB_PROMPT_CHARS).describe('What to do, in full.'),
  after_seconds: z
    .number()
    .int()
    .min(0)
    .max(31_536_000)
    .optional()
    .describe('0 = now, else >= 60.'),
  run_at: z.string().max(40).optional().describe('ISO 8601 time.'),
  every_minutes: z.number().int().min(1).max(MAX_INTERVAL_MINUTES).optional(),
  url: z.string().max(2_048).optional().describe('Page to run on; absent: this tab.'),
});
type Args = z.infer<typeof Arguments>;

export interface ScheduleDeps {
  readonly tabUrl: (tabId: number) => Promise<string | undefined>;
  readonly now?: () => number;
}

async function propose(args: Args, context: ToolRunContext, deps: ScheduleDeps): Promise<Proposal> {
  const facts = runFacts(context);
  if (!facts) return invalid('Scheduling is not available in this run.');
  const now = (deps.now ?? Date.now)();
  if (args.after_seconds !== undefined && args.after_seconds > 0 && args.after_seconds < 60)
    return invalid('after_seconds is 0 (now) or at least 60.');
  const recurringStart =
    args.every_minutes === undefined ? null : now + args.every_minutes * 60_000;
  const first = firstRunAt(args, now, recurringStart);
  if (!first.ok) return invalid(first.message);
  const schedule: JobSchedule =
    args.every_minutes === undefined
      ? { type: 'once', runAt: first.at }
      : { type: 'recurring', intervalMinutes: args.every_minutes, startAt: first.at };
  const tabUrl = (await deps.tabUrl(context.identity.tabId)) ?? '';
  const url = args.url ?? tabUrl;
  if (!/^https?:\/\//.test(url)) return invalid('url must be an http(s) address.');
  return {
    ok: true,
    job: {
      kind: 'task',
      title: args.title,
      prompt: args.prompt,
      schedule,
      target:
        args.url === undefined
          ? { type: 'current_tab', tabId: context.identity.tabId, url }
          : { type: 'url', url },
      scope: scopeFor(url),
      sessionId: null,
      ...facts,
    },
  };
}

export function scheduleTaskTool(deps: ScheduleDeps) {
  const now = () => (deps.now ?? Date.now)();
  return defineTool({
    name: 'schedule_task',
    description:
      'Schedule a task the person asked for: once, or every N minutes. It runs later in a new chat.',
    arguments: Arguments,
    effect: 'page-action',
    approval: 'automatic',
    modes: ['act', 'dev'],
    offerWhen: asksForScheduledWork,
    activity: ({ title }, outcome) =>
      outcome?.ok ? `Scheduled \u201c${title}\u201d` : `Scheduling \u201c${title}\u201d`,
    review: async (args, context) => reviewOf(await propose(args, context, deps), now()),
    execute: async (args, context) => submit(await propose(args, context, deps), now(), false),
  });
}
