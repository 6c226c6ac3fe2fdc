// `schedule_resume`: a durable pause. When the task waits on something outside the
// browser (a build, an email), this chat continues in this tab at a later time and
// the current run ends. Offered only when the person asked for scheduled work in this
// chat; the person approves the time first.
import { z } from '../../../../shared/schema/zod';
import { defineTool, type ToolRunContext } from '../../../../worker/tools/define-tool';
import { asksForScheduledWork } from './schedule-request';
import { invalid, reviewOf, runFacts, scopeFor, submit, type Proposal } from './schedule-job';
import type { ScheduleDeps } from './schedule-task.tool';
import { firstRunAt } from './schedule-words';

const Arguments = z.strictObject({
  after_seconds: z.number().int().min(30).max(604_800).optional(),
  run_at: z.string().max(40).optional().describe('ISO 8601 time.'),
  reason: z.string().min(1).max(120).describe('What you wait for.'),
  resume_instruction: z.string().min(1).max(2_000).describe('What to do when it resumes.'),
});
type Args = z.infer<typeof Arguments>;

async function propose(args: Args, context: ToolRunContext, deps: ScheduleDeps): Promise<Proposal> {
  const facts = runFacts(context);
  if (!facts) return invalid('Scheduling is not available in this run.');
  const now = (deps.now ?? Date.now)();
  const first = firstRunAt(args, now, null);
  if (!first.ok) return invalid(first.message);
  if (first.at - now < 30_000) return invalid('Resume at least 30 seconds from now.');
  const url = (await deps.tabUrl(context.identity.tabId)) ?? '';
  if (!/^https?:\/\//.test(url)) return invalid('This tab shows no web page to come back to.');
  return {
    ok: true,
    job: {
      kind: 'resume',
      title: args.reason,
      prompt: args.resume_instruction,
      schedule: { type: 'once', runAt: first.at },
      target: { type: 'current_tab', tabId: context.identity.tabId, url },
      scope: context.identity.scope.projectId === null ? scopeFor(url) : context.identity.scope,
      sessionId: context.identity.sessionId,
      ...facts,
    },
  };
}

export function scheduleResumeTool(deps: ScheduleDeps) {
  const now = () => (deps.now ?? Date.now)();
  return defineTool({
    name: 'schedule_resume',
    description:
      'Pause until later when blocked on something outside the browser; this chat continues then. Ends this run.',
    arguments: Arguments,
    effect: 'page-action',
    approval: 'automatic',
    modes: ['act', 'dev'],
    offerWhen: asksForScheduledWork,
    activity: ({ reason }, outcome) =>
      outcome?.ok ? `Paused until later: ${reason}` : `Pausing: ${reason}`,
    review: async (args, context) => reviewOf(await propose(args, context, deps), now()),
    execute: async (args, context) => submit(await propose(args, context, deps), now(), true),
  });
}
