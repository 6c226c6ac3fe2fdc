import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import type { Job } from '../../../shared/protocol/job-records';
import { createFakeApi } from '../../chat/__fixtures__/fake-panel-api';
import { ScheduledTab } from './scheduled-tab';

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
  nextRunAt: Date.UTC(2026, 0, 5, 10),
  deferrals: 0,
  failures: 0,
  runCount: 1,
  note: null,
  lastResult: {
    at: Date.UTC(2026, 0, 5, 9),
    outcome: 'done',
    message: 'Finished.',
    code: null,
    sessionId: 'chat-9',
  },
  createdAt: 1,
  updatedAt: 1,
  ...overrides,
});

const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)));

async function mount() {
  let jobs = [job()];
  const fake = createFakeApi({
    'jobs/list': () => ({ jobs, settings: { enabled: true, confirmConsequential: true } }),
    'jobs/pause': () => {
      jobs = jobs.map((item) => ({ ...item, status: 'paused' as const, nextRunAt: null }));
      return { job: jobs[0] };
    },
    'jobs/run-now': () => {
      throw new ProtocolFailure('JOB_STATE_CONFLICT', 'This task is already running.');
    },
    'jobs/edit': (payload: { patch: Partial<Job> }) => {
      jobs = jobs.map((item) => ({ ...item, ...payload.patch }));
      return { job: jobs[0] };
    },
    'jobs/delete': () => {
      jobs = [];
      return { deleted: true };
    },
  });
  const onOpenChat = vi.fn();
  const container = document.createElement('div');
  document.body.append(container);
  act(() => render(<ScheduledTab client={fake.api} onOpenChat={onOpenChat} />, container));
  await settle();
  const click = async (testId: string) => {
    act(() => container.querySelector<HTMLButtonElement>(`[data-testid="${testId}"]`)!.click());
    await settle();
  };
  const text = (testId: string) =>
    container.querySelector(`[data-testid="${testId}"]`)?.textContent ?? null;
  return { container, fake, click, text, onOpenChat };
}

describe('ScheduledTab', () => {
  it('lists a job with its status, next run and last result, linking to its chat', async () => {
    const view = await mount();
    expect(view.text('job-title')).toBe('Kettle price');
    expect(view.text('job-line')).toMatch(/^Scheduled · every hour · next 5 Jan 2026, \d\d:00$/);
    expect(view.text('job-result')).toMatch(/: Finished\. Open its chat$/);
    await view.click('job-open-chat');
    expect(view.onOpenChat).toHaveBeenCalledWith('chat-9');
  });

  it('pauses a job and shows Resume instead', async () => {
    const view = await mount();
    await view.click('job-pause');
    expect(view.fake.types()).toContain('jobs/pause');
    expect(view.text('job-line')).toMatch(/^Paused/);
    expect(view.container.querySelector('[data-testid="job-resume"]')).not.toBeNull();
  });

  it('shows a refusal in plain words and keeps the job', async () => {
    const view = await mount();
    await view.click('job-run-now');
    expect(view.text('jobs-message')).toBe('This task is already running.');
    expect(view.text('job-title')).toBe('Kettle price');
  });

  it('refuses an interval out of bounds in place without sending it, then saves a good edit', async () => {
    const view = await mount();
    await view.click('job-edit');
    const every = view.container.querySelector<HTMLInputElement>('[data-testid="job-edit-every"]')!;
    act(() => {
      every.value = '0';
      every.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await view.click('job-edit-save');
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(
      'Repeat every 1 to 525,600 minutes.',
    );
    expect(view.fake.types()).not.toContain('jobs/edit');
    const title = view.container.querySelector<HTMLInputElement>('[data-testid="job-edit-title"]')!;
    act(() => {
      every.value = '60';
      every.dispatchEvent(new Event('input', { bubbles: true }));
      title.value = 'Kettle watch';
      title.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await view.click('job-edit-save');
    expect(view.text('job-title')).toBe('Kettle watch');
  });

  it('deletes a job', async () => {
    const view = await mount();
    await view.click('job-delete');
    expect(view.container.querySelector('[data-testid="jobs-empty"]')).not.toBeNull();
  });
});
