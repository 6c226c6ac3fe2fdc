// /schedule: lists the scheduled tasks in the chat, as a local note (status, how often,
// next run), and says how to make one: ask the agent in a message; it proposes the
// schedule on a card for approval. Settings → Scheduled has the actions.
import { jobLine } from '../settings/scheduled/job-words';
import type { SlashCommand } from './slash-command';
import { refused } from './slash-command';

const HOW =
  'To add one, ask in a message, e.g. \u201cevery morning, check this page for new posts\u201d; you approve the schedule on its card.';

export const scheduleCommand: SlashCommand = {
  name: 'schedule',
  usage: '/schedule',
  summary: 'List scheduled tasks and how to add one',
  takesArgument: false,
  async run(_argument, context) {
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
  },
};
