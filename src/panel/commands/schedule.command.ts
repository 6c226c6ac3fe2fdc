// /schedule: without words, lists the scheduled tasks in the chat as a local note
// (status, how often, next run) and says how to make one. With words
// (`/schedule every morning, check this page for new posts`), it hands them to the
// agent as the person's message, which offers the scheduling tools; the agent
// proposes the schedule on a card for approval. Settings → Scheduled has the actions.
import { jobLine } from '../settings/scheduled/job-words';
import type { CommandContext, CommandOutput, SlashCommand } from './slash-command';
import { refused } from './slash-command';

const HOW =
  'To add one, type /schedule and what to do when, e.g. \u201c/schedule every morning, check this page for new posts\u201d; you approve the schedule on its card.';

/** Longer than a task's stored prompt is never useful and is refused before sending. */
const MAX_REQUEST_CHARS = 2_000;

/** The message the person's words become; it names scheduling so the tools are offered. */
const scheduleMessage = (words: string) => `Schedule this: ${words}`;

async function list(context: CommandContext): Promise<CommandOutput> {
  const result = await context.jobs.request('jobs/list', {});
  if (!result.ok) return refused(result.error);
  const { jobs, settings } = result.data;
  const off = settings.enabled
    ? ''
    : ' Scheduled tasks are turned off in Settings \u2192 Scheduled: none will run.';
  if (jobs.length === 0) return { tone: 'info', text: `Nothing is scheduled. ${HOW}${off}` };
  const listed = jobs.map((job) => `\u201c${job.title}\u201d: ${jobLine(job)}`).join('; ');
  const count = jobs.length === 1 ? 'One scheduled task' : `${jobs.length} scheduled tasks`;
  return {
    tone: 'info',
    text: `${count}: ${listed}. Pause, edit or delete them in Settings \u2192 Scheduled. ${HOW}${off}`,
  };
}

async function ask(words: string, context: CommandContext): Promise<CommandOutput> {
  const access = context.agentMode?.() ?? null;
  if (access === null)
    return {
      tone: 'error',
      text: 'Scheduled tasks are made by the web agent. Open the web page the task is about, then try again.',
    };
  if (access.mode === 'ask')
    return {
      tone: 'error',
      text: 'Scheduling needs Act mode: in Ask mode the agent only reads. Type /mode act, then /schedule again.',
    };
  if (words.length > MAX_REQUEST_CHARS)
    return {
      tone: 'error',
      text: `That is ${words.length.toLocaleString('en-US')} characters; say what to do and when in at most ${MAX_REQUEST_CHARS.toLocaleString('en-US')}. Nothing was sent.`,
    };
  const result = await context.jobs.request('jobs/list', {});
  if (!result.ok) return refused(result.error);
  if (!result.data.settings.enabled)
    return {
      tone: 'error',
      text: 'Scheduled tasks are turned off in Settings \u2192 Scheduled. Turn them on, then try again. Nothing was sent.',
    };
  return {
    tone: 'info',
    text: 'Asked the agent to schedule it. You approve the schedule on its card before anything is saved.',
    send: scheduleMessage(words),
  };
}

export const scheduleCommand: SlashCommand = {
  name: 'schedule',
  usage: '/schedule [what to do, and when]',
  summary: 'Schedule a task, or list the scheduled ones',
  takesArgument: false,
  run: (argument, context) => (argument === '' ? list(context) : ask(argument, context)),
};
