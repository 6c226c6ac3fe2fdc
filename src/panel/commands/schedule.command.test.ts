import { describe, expect, it, vi } from 'vitest';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { AgentMode } from '../../shared/protocol/agent-modes';
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

function contextWith(list: FakeHandler, mode: AgentMode | null = null): CommandContext {
  const fake = createFakeApi({ 'jobs/list': list });
  return {
    memory: fake.api,
    jobs: fake.api,
    siteOrigin: () => null,
    agentMode: () =>
      mode === null ? null : { mode, isDevAvailable: true, choose: async () => undefined },
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

  describe('with words', () => {
    const WORDS = 'every morning, check this page for new posts';
    const none = () => ({ jobs: [], settings });

    it("hands them to the agent as the person's message, naming scheduling", async () => {
      const output = await runCommandText(`/schedule ${WORDS}`, contextWith(none, 'act'));
      expect(output).toMatchObject({ tone: 'info', send: `Schedule this: ${WORDS}` });
      expect(output.text).toMatch(/approve the schedule on its card/);
    });

    it('refuses where there is no web agent, in Ask mode, and when too long; nothing is sent', async () => {
      const cases: [string, AgentMode | null, RegExp][] = [
        [WORDS, null, /made by the web agent/],
        [WORDS, 'ask', /needs Act mode.*\/mode act/],
        ['x'.repeat(2_001), 'dev', /2,001 characters.*at most 2,000/],
      ];
      for (const [words, mode, said] of cases) {
        const output = await runCommandText(`/schedule ${words}`, contextWith(none, mode));
        expect(output.tone, words.slice(0, 20)).toBe('error');
        expect(output.text).toMatch(said);
        expect(output.send).toBeUndefined();
      }
    });

    it('refuses while scheduled tasks are turned off, and shows a refusal in plain words', async () => {
      const off = await runCommandText(
        `/schedule ${WORDS}`,
        contextWith(() => ({ jobs: [], settings: { ...settings, enabled: false } }), 'act'),
      );
      expect(off).toMatchObject({ tone: 'error' });
      expect(off.text).toMatch(/turned off in Settings → Scheduled\. Turn them on/);
      expect(off.send).toBeUndefined();
      const failed = await runCommandText(
        `/schedule ${WORDS}`,
        contextWith(() => {
          throw new ProtocolFailure('JOBS_DISABLED', 'Scheduled tasks are not available here.');
        }, 'act'),
      );
      expect(failed).toEqual({ tone: 'error', text: 'Scheduled tasks are not available here.' });
    });
  });
});
