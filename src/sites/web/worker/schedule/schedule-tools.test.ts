import { afterEach, describe, expect, it } from 'vitest';
import type { NewJob } from '../../../../shared/protocol/job-records';
import { ProtocolFailure } from '../../../../shared/protocol/envelope';
import type { ToolRunContext } from '../../../../worker/tools/define-tool';
import { provideJobScheduler } from '../../../../worker/jobs/current-jobs';
import { createToolRegistry } from '../../../../worker/tools/tool-registry';
import { createRunTools } from '../../../../worker/tools/run-tool-policy';
import { checkSchemaSubset } from '../../../../worker/tools/schema-subset/check-schema-subset';
import { convertOpenAiCompatibleTools } from '../../../../worker/providers/openai-compatible/convert-openai-compatible-messages';
import { workerSite } from '../web.worker';
import { scheduleResumeTool } from './schedule-resume.tool';
import { scheduleTaskTool } from './schedule-task.tool';

const NOW = Date.UTC(2026, 0, 5, 9, 0, 0);
const deps = { tabUrl: async () => 'https://shop.example/kettle', now: () => NOW };
const task = scheduleTaskTool(deps);
const resume = scheduleResumeTool(deps);
const context = {
  signal: new AbortController().signal,
  identity: {
    tabId: 4,
    scope: { siteId: 'web', projectId: 'https://shop.example' },
    sessionId: 'chat-1',
  },
  runStart: { modelId: 'model-1', agentMode: 'act' },
  interaction: {},
} as unknown as ToolRunContext;

function captureJobs() {
  const made: NewJob[] = [];
  provideJobScheduler({
    create: async (input) => {
      made.push(input);
      return {
        ...input,
        id: 'job-1',
        status: 'pending',
        nextRunAt: 0,
        deferrals: 0,
        failures: 0,
        runCount: 0,
        note: null,
        lastResult: null,
        createdAt: NOW,
        updatedAt: NOW,
      };
    },
  });
  return made;
}

afterEach(() => provideJobScheduler(null));

const offeredNames = (personText: readonly string[], mode: 'ask' | 'act' = 'act') =>
  createRunTools(createToolRegistry(workerSite.tools).forSite('web'), {
    siteId: 'web',
    mode,
    tier: 'full',
    personText,
  })
    .offered.all()
    .map((tool) => tool.name);

describe('schedule tools', () => {
  it('are offered only when the person asked for scheduled work, and never in Ask', () => {
    expect(offeredNames(['Click the login button'])).not.toContain('schedule_task');
    expect(offeredNames(['Check this page every hour'])).toEqual(
      expect.arrayContaining(['schedule_task', 'schedule_resume']),
    );
    expect(offeredNames(['Check this page every hour'], 'ask')).not.toContain('schedule_task');
  });

  it('have schemas in the subset and cost this many request characters when offered', () => {
    expect(checkSchemaSubset(task.inputSchema)).toMatchObject({ ok: true });
    expect(checkSchemaSubset(resume.inputSchema)).toMatchObject({ ok: true });
    const chars = JSON.stringify(
      convertOpenAiCompatibleTools(createToolRegistry([task, resume]).modelTools()),
    ).length;
    expect(chars).toBeGreaterThan(0);
    expect(chars).toBeLessThan(2_000);
  });

  it('show the schedule in plain words for approval, asking every time', async () => {
    const review = await task.review?.(
      {
        title: 'Kettle price',
        prompt: 'Read the price.',
        every_minutes: 60,
        url: 'https://shop.example/kettle',
      },
      context,
    );
    expect(review).toMatchObject({
      ask: true,
      grantKey: null,
      destination: 'https://shop.example/kettle',
      detail: 'Read the price.',
    });
    if (review?.ask === true)
      expect(review.effect).toMatch(
        /^Run the task “Kettle price” every hour from 5 Jan 2026, \d\d:00, on https:\/\/shop\.example\/kettle$/,
      );
  });

  it('store an approved recurring task for a url target', async () => {
    const made = captureJobs();
    const outcome = await task.execute(
      {
        title: 'Kettle price',
        prompt: 'Read the price.',
        every_minutes: 5,
        url: 'https://shop.example/kettle',
      },
      context,
    );
    expect(outcome).toMatchObject({
      ok: true,
      summary: expect.stringMatching(/^Scheduled “Kettle price”: every 5 minutes from/),
    });
    expect(made[0]).toMatchObject({
      kind: 'task',
      schedule: { type: 'recurring', intervalMinutes: 5, startAt: NOW + 5 * 60_000 },
      target: { type: 'url', url: 'https://shop.example/kettle' },
      scope: { siteId: 'web', projectId: 'https://shop.example' },
      modelId: 'model-1',
      agentMode: 'act',
    });
  });

  it('target the current tab when no url is given', async () => {
    const made = captureJobs();
    await task.execute({ title: 'Now', prompt: 'Read it.', after_seconds: 0 }, context);
    expect(made[0]).toMatchObject({
      schedule: { type: 'once', runAt: NOW },
      target: { type: 'current_tab', tabId: 4 },
    });
  });

  it('refuse bad times with a code and store nothing', async () => {
    const made = captureJobs();
    for (const args of [
      { title: 'x', prompt: 'y', after_seconds: 10 },
      { title: 'x', prompt: 'y', run_at: 'next tuesday' },
      { title: 'x', prompt: 'y', after_seconds: 60, run_at: '2026-01-05T10:00:00Z' },
      { title: 'x', prompt: 'y' },
      { title: 'x', prompt: 'y', after_seconds: 0, url: 'file:///etc/passwd' },
    ])
      expect(await task.execute(args, context), JSON.stringify(args)).toMatchObject({
        ok: false,
        code: 'JOB_SCHEDULE_INVALID',
      });
    expect(
      await task.review?.({ title: 'x', prompt: 'y', after_seconds: 10 }, context),
    ).toMatchObject({ ask: 'refused' });
    expect(made).toEqual([]);
  });

  it('pass on the job manager refusal (a full list) to the model', async () => {
    provideJobScheduler({
      create: async () => {
        throw new ProtocolFailure('JOB_LIMIT_REACHED', 'There are already 200 scheduled tasks.');
      },
    });
    expect(
      await task.execute({ title: 'x', prompt: 'y', after_seconds: 0 }, context),
    ).toMatchObject({ ok: false, code: 'JOB_LIMIT_REACHED' });
  });

  it('schedule_resume continues this chat in this tab and ends the run', async () => {
    const made = captureJobs();
    const outcome = await resume.execute(
      { after_seconds: 600, reason: 'CI build', resume_instruction: 'Check the build.' },
      context,
    );
    expect(outcome).toMatchObject({ ok: true, endsRun: true });
    expect(made[0]).toMatchObject({
      kind: 'resume',
      sessionId: 'chat-1',
      schedule: { type: 'once', runAt: NOW + 600_000 },
      target: { type: 'current_tab', tabId: 4, url: 'https://shop.example/kettle' },
    });
    expect(
      resume.parseArguments({ after_seconds: 5, reason: 'x', resume_instruction: 'y' }).ok,
    ).toBe(false);
  });
});
