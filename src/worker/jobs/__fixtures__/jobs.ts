// Jobs for the job manager's tests: a valid new job per kind and a stored job.
import type { Job, NewJob } from '../../../shared/protocol/job-records';

export const T0 = Date.UTC(2026, 0, 5, 9, 0, 0);

export const newTask = (overrides: Partial<NewJob> = {}): NewJob => ({
  kind: 'task',
  title: 'Check the price',
  prompt: 'Read the price of the blue kettle and tell me.',
  schedule: { type: 'once', runAt: T0 + 60_000 },
  target: { type: 'url', url: 'https://shop.example/kettle' },
  scope: { siteId: 'web', projectId: 'https://shop.example' },
  sessionId: null,
  modelId: 'model-1',
  agentMode: 'act',
  ...overrides,
});

export const storedJob = (overrides: Partial<Job> = {}): Job => ({
  ...newTask(),
  id: 'job-1',
  status: 'pending',
  nextRunAt: T0 + 60_000,
  deferrals: 0,
  failures: 0,
  runCount: 0,
  note: null,
  lastResult: null,
  createdAt: T0,
  updatedAt: T0,
  ...overrides,
});

export const recurringJob = (intervalMinutes: number, overrides: Partial<Job> = {}): Job =>
  storedJob({
    schedule: { type: 'recurring', intervalMinutes, startAt: T0 + 60_000 },
    ...overrides,
  });
