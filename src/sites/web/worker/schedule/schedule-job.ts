// ## Owns
// What schedule_task and schedule_resume share: turning a proposed job into the
// approval card's plain words, and handing the approved job to the worker's job
// manager, with a refusal the model can act on (a bad time, a full list).
import type { Job, NewJob } from '../../../../shared/protocol/job-records';
import { ProtocolFailure } from '../../../../shared/protocol/envelope';
import type { ErrorCode } from '../../../../shared/protocol/error-codes';
import type { CallReview, ToolOutcome, ToolRunContext } from '../../../../worker/tools/define-tool';
import { scheduleJob } from '../../../../worker/jobs/current-jobs';
import { httpOrigin } from '../../../site-contract';
import { scheduleWords } from './schedule-words';

/** A job as a tool proposes it, or why it cannot be proposed. */
export type Proposal =
  | { readonly ok: true; readonly job: NewJob }
  | { readonly ok: false; readonly code: ErrorCode; readonly message: string };

export const invalid = (message: string): Proposal => ({
  ok: false,
  code: 'JOB_SCHEDULE_INVALID',
  message,
});

/** The run's start facts a job reuses; null outside a run that has them. */
export function runFacts(context: ToolRunContext) {
  const start = context.runStart;
  if (!start) return null;
  return { modelId: start.modelId, agentMode: start.agentMode ?? 'act' } as const;
}

/** The scope of chats a job's runs write to: the web scope of the page it runs on. */
export const scopeFor = (url: string) => ({ siteId: 'web' as const, projectId: httpOrigin(url) });

/** The approval card: what will run, when, and where, in plain words. */
export function reviewOf(proposal: Proposal, now: number): CallReview {
  if (!proposal.ok) return { ask: 'refused', outcome: proposal };
  const { job } = proposal;
  const where = job.target.type === 'url' ? job.target.url : `this tab (${job.target.url})`;
  const what =
    job.kind === 'resume' ? 'Continue this chat' : `Run the task \u201c${job.title}\u201d`;
  return {
    ask: true,
    effect: `${what} ${scheduleWords(job.schedule, now)}, on ${where}`.slice(0, 500),
    reason: 'It sets up work that runs later, while you may not be watching.',
    destination: job.target.url,
    grantKey: null,
    detail: job.prompt,
  };
}

/** Stores the approved job; a refusal from the job manager goes back to the model. */
export async function submit(proposal: Proposal, now: number, ends: boolean): Promise<ToolOutcome> {
  if (!proposal.ok) return proposal;
  let job: Job;
  try {
    job = await scheduleJob(proposal.job);
  } catch (error) {
    if (error instanceof ProtocolFailure)
      return { ok: false, code: error.code, message: error.message };
    throw error;
  }
  const when = scheduleWords(job.schedule, now);
  return {
    ok: true,
    result: {
      scheduled: true,
      job_id: job.id,
      when,
      note: ends
        ? 'Scheduled. This run ends now; the chat continues at that time.'
        : 'Scheduled. The person can see, pause or delete it in the Scheduled view.',
    },
    summary: `Scheduled \u201c${job.title}\u201d: ${when}`,
    ...(ends ? { endsRun: true } : {}),
  };
}
