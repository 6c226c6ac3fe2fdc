import { describe, expect, it, vi } from 'vitest';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { Job } from '../../shared/protocol/job-records';
import { createFakeApi, type FakeHandler } from '../chat/__fixtures__/fake-panel-api';
import { matchCommands } from './command-registry';
import { runCommandText } from './run-command';
import type { CommandContext } from './slash-command';

const job = (overrides: Partial<Job> = {}): Job => ({
  id: 'job-1',
  kind: 'task',
  title: 'Kettle price',
  prompt: 'Read the price.',
  schedule: { type: 'recurring', intervalMinutes: 60, startAt: Date.UTC(2026, 0, 5, 9) },
  target: { type: 'url', url: 'https://shop.example/kettle' },
  scope: { siteId: 'web', projectId: 'https://shop.example' },
  sessionId: null,
  modelId: 'model-1',
  agentMode: 'act',
  status: 'pending',
  nextRunAt: Date.UTC(2026, 0, 5, 9),
  deferrals: 0,
  failures: 0,
  runCount: 0,
  note: null,
  lastResult: null,
  createdAt: 1,
  updatedAt: 1,
  ...overrides,
});

function contextWith(list: FakeHandler): CommandContext {
  const fake = createFakeApi({ 'jobs/list': list });
  return {
    memory: fake.api,
    jobs: fake.api,
    siteOrigin: () => null,
    agentMode: () => null,
    newChat: vi.fn(async () => undefined),
    clear: vi.fn(async () => undefined),
  };
}

const settings = { enabled: true, confirmConsequential: true };

describe('/schedule', () => {
  it('is in the palette', () => {
    expect(matchCommands('sched').map((command) => command.name)).toEqual(['schedule']);
  });

  it('lists the tasks with status, how often and the next run', async () => {
    const output = await runCommandText(
      '/schedule',
      contextWith(() => ({ jobs: [job()], settings })),
    );
    expect(output).toMatchObject({ tone: 'info' });
    expect(output?.text).toMatch(
      /^One scheduled task: “Kettle price”: Scheduled · every hour · next 5 Jan 2026, \d\d:00\./,
    );
  });

  it('says when nothing is scheduled and when scheduled tasks are off', async () => {
    const output = await runCommandText(
      '/schedule',
      contextWith(() => ({ jobs: [], settings: { ...settings, enabled: false } })),
    );
    expect(output?.text).toMatch(/^Nothing is scheduled\./);
    expect(output?.text).toMatch(/turned off/);
  });

  it('shows a refusal in plain words', async () => {
    const output = await runCommandText(
      '/schedule',
      contextWith(() => {
        throw new ProtocolFailure(
          'JOBS_DISABLED',
          'Scheduled tasks are not available in this browser.',
        );
      }),
    );
    expect(output).toEqual({
      tone: 'error',
      text: 'Scheduled tasks are not available in this browser.',
    });
  });
});
