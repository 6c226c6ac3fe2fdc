// Scheduled tasks through the built extension in real Chromium: an Act run's scripted
// model calls schedule_task (offered because the person asked for scheduled work),
// the person approves the schedule on its card, and the job manager runs the task in
// its tab when the test fires the job's alarm. The test is the clock: it makes the job
// due in the worker's own jobs database and creates the job's alarm for now, so the
// real alarm listener, manager, runner and agent core do the rest. A worker stopped
// while a scheduled run is going re-queues the job at the next start and completes it.
// A task that presses Delete waits for the person, unless the person turned that off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioTurn } from '../support/model-server/model-server.mjs';
import { refIn, startWebRunRig, treeOf, type WebRunRig } from '../support/web-run-rig';

const HOST = 'news.example';
const PAGE = `<!doctype html><title>News</title><h1>Morning headlines</h1>
<button onclick="document.body.dataset.cleared = String(Number(document.body.dataset.cleared || 0) + 1)">Delete all drafts</button>`;

let rig: WebRunRig;
/** What the scheduling run's model asks for; the task's runs answer from the prompt. */
let proposal: Record<string, unknown> = {};
/** Tasks whose first run answers slowly (the worker is stopped mid-run). */
const slowOnce = new Set<string>();
const taskRuns: string[] = [];

function policy(body: { messages?: { role: string; content?: unknown }[] }): ScenarioTurn {
  const messages = body.messages ?? [];
  const text = JSON.stringify(messages);
  const scheduled = /\[Scheduled task: ([^\]]+)\]/.exec(text);
  if (scheduled) {
    const title = scheduled[1] ?? '';
    taskRuns.push(title);
    // A task that deletes something: it reads the page, then presses Delete all drafts.
    if (title.startsWith('Clear drafts')) {
      const tools = messages.filter((message) => message.role === 'tool');
      if (tools.length === 0)
        return {
          steps: [
            { toolCall: { id: 'clear-look', name: 'get_accessibility_tree', arguments: {} } },
          ],
        };
      if (tools.length === 1) {
        const tree = treeOf(JSON.parse(String(tools[0]?.content ?? '{}')));
        return {
          steps: [
            {
              toolCall: {
                id: 'clear-press',
                name: 'click',
                arguments: { ref: refIn(tree, 'button', 'Delete all drafts') },
              },
            },
          ],
        };
      }
      return { steps: [{ text: 'Deleted the drafts.' }] };
    }
    // Long enough for the test to stop the worker while the answer is on its way.
    if (slowOnce.delete(title)) return { steps: [{ delayMs: 5_000 }, { text: 'Too late.' }] };
    return { steps: [{ text: `Ran ${title}: the heading is Morning headlines.` }] };
  }
  const assistants = messages.filter((message) => message.role === 'assistant').length;
  if (assistants === 0)
    return { steps: [{ toolCall: { id: 'sched-1', name: 'schedule_task', arguments: proposal } }] };
  return { steps: [{ text: 'Scheduled it.' }] };
}

beforeAll(async () => {
  rig = await startWebRunRig({ [HOST]: { '/': PAGE } }, HOST);
  await rig.models.setScenario({ name: 'schedule', models: ['scripted-model'], turns: [], policy });
}, 120_000);

afterAll(async () => {
  await rig?.close();
});

type JobView = { id: string; title: string; status: string; runCount: number } & Record<
  string,
  unknown
>;

async function jobs(): Promise<JobView[]> {
  const result = await rig.driver.send({ type: 'jobs/list', payload: {} });
  if (!result.ok) throw new Error(`jobs/list: ${JSON.stringify(result.error)}`);
  return result.data.jobs as JobView[];
}

async function jobWhen(
  title: string,
  done: (job: JobView) => boolean,
  timeoutMs = 30_000,
): Promise<JobView> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await jobs().catch(() => [])).find((entry) => entry.title === title);
    if (job && done(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${title}: ${JSON.stringify(job)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Resolves once the model has had `count` requests for the task `title`. */
async function requested(title: string, count: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (taskRuns.filter((entry) => entry === title).length < count) {
    if (Date.now() > deadline) throw new Error(`${title}: ${JSON.stringify(taskRuns)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Asks the agent to schedule `args` and approves the card; returns the stored job. */
async function schedule(args: Record<string, unknown>): Promise<JobView> {
  proposal = args;
  const { runId } = await rig.driver.start(
    rig.modelId,
    `Schedule this: ${String(args['prompt'])}`,
    { agentMode: 'act' },
  );
  const pending = await rig.driver.waitForPending(runId);
  expect(pending).toMatchObject({ kind: 'action-approval', name: 'schedule_task' });
  expect(String(pending['effect'])).toContain(`Run the task \u201c${String(args['title'])}\u201d`);
  await rig.driver.resolve(runId, String(pending['callId']), 'approve-once');
  expect((await rig.driver.waitForEnd(runId)).payload['status']).toBe('done');
  return jobWhen(String(args['title']), (job) => job.status === 'pending');
}

/** The test clock: the job is due now, and its alarm rings now. */
async function fireAlarm(jobId: string): Promise<void> {
  const worker = await rig.browser.worker();
  await worker.evaluate(async (id) => {
    const request = indexedDB.open('jobs.database.v1');
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    const tx = database.transaction('jobs', 'readwrite');
    const store = tx.objectStore('jobs');
    const read = store.get(id);
    read.onsuccess = () => store.put({ ...read.result, nextRunAt: Date.now() });
    await new Promise((resolve) => (tx.oncomplete = resolve));
    database.close();
    await chrome.alarms.create(`side-agent-job:${id}`, { when: Date.now() });
  }, jobId);
}

describe('scheduled tasks', () => {
  it('runs a one-time task once when its alarm fires, in a new chat', async () => {
    const job = await schedule({
      title: 'Headline once',
      prompt: 'Read the main heading.',
      after_seconds: 3_600,
    });
    expect(taskRuns).toEqual([]);
    await fireAlarm(job.id);
    const done = await jobWhen('Headline once', (entry) => entry.status === 'completed');
    expect(done).toMatchObject({ runCount: 1, lastResult: { outcome: 'done' } });
    expect(taskRuns).toEqual(['Headline once']);
    const sessionId = (done['lastResult'] as { sessionId: string }).sessionId;
    const chat = await rig.driver.session(sessionId);
    expect(chat.turns.map((turn) => turn['role'])).toEqual(['user', 'assistant']);
    expect(JSON.stringify(chat.turns[1])).toContain('the heading is Morning headlines');
  });

  it('runs a recurring task twice, re-arming it after each run', async () => {
    const job = await schedule({
      title: 'Headline every minute',
      prompt: 'Read the main heading again.',
      every_minutes: 1,
    });
    for (const round of [1, 2]) {
      await fireAlarm(job.id);
      await jobWhen(
        'Headline every minute',
        (entry) => entry.runCount === round && entry.status === 'pending',
      );
    }
    expect(taskRuns.filter((title) => title === 'Headline every minute')).toHaveLength(2);
    const alarm = await (
      await rig.browser.worker()
    ).evaluate((id) => chrome.alarms.get(`side-agent-job:${id}`), job.id);
    expect(alarm?.scheduledTime).toBeGreaterThan(Date.now());
  });

  it('waits for the person before a consequential step, unless the person turned that off', async () => {
    const cleared = () => rig.tab.evaluate(() => document.body.dataset['cleared'] ?? '0');
    const asked = await schedule({
      title: 'Clear drafts (asks)',
      prompt: 'Delete all drafts.',
      after_seconds: 3_600,
    });
    await fireAlarm(asked.id);
    await jobWhen('Clear drafts (asks)', (entry) => entry.status === 'needs_user_input');
    expect(await cleared()).toBe('0');
    // The person finds the card in the task's chat and denies it: the job ends, nothing
    // was deleted, and the tab is free for the next task.
    const scope = { siteId: 'web', projectId: `https://${HOST}` };
    const listed = await rig.driver.send({ type: 'session/list', payload: { scope } });
    const chat = (listed.data as { id: string; name: string }[]).find(
      (meta) => meta.name === 'Clear drafts (asks)',
    );
    expect(chat).toBeDefined();
    const status = await rig.driver.send({
      type: 'run/status',
      payload: { scope, sessionId: chat?.id ?? '' },
    });
    const live = status.data as { runId: string; pending: { callId: string; name: string } };
    expect(live.pending).toMatchObject({ name: 'click' });
    await rig.driver.resolve(live.runId, live.pending.callId, 'deny');
    await jobWhen('Clear drafts (asks)', (entry) => entry.status === 'completed');
    expect(await cleared()).toBe('0');
    const off = await rig.driver.send({
      type: 'jobs/save-settings',
      payload: { enabled: true, confirmConsequential: false },
    });
    expect(off.ok).toBe(true);
    try {
      const trusted = await schedule({
        title: 'Clear drafts (trusted)',
        prompt: 'Delete all drafts again.',
        after_seconds: 3_600,
      });
      await fireAlarm(trusted.id);
      const done = await jobWhen('Clear drafts (trusted)', (entry) => entry.status === 'completed');
      expect(done).toMatchObject({ lastResult: { outcome: 'done' } });
      expect(await cleared()).toBe('1');
    } finally {
      await rig.driver.send({
        type: 'jobs/save-settings',
        payload: { enabled: true, confirmConsequential: true },
      });
    }
  }, 90_000);

  it('re-queues a task whose run a stopped worker left going, and completes it', async () => {
    slowOnce.add('Headline after restart');
    const job = await schedule({
      title: 'Headline after restart',
      prompt: 'Read the heading after a restart.',
      after_seconds: 3_600,
    });
    await fireAlarm(job.id);
    await jobWhen('Headline after restart', (entry) => entry.status === 'running');
    // The manager stores `running` before the runner has opened the tab and sent the
    // model request; stopping the worker in that gap would make the next worker's run
    // the first request (the slow one), so the stop waits until that request is out.
    await requested('Headline after restart', 1);
    await rig.browser.stopWorker();
    // The panel port reconnects, which starts a new worker; startup re-queues the job
    // with its alarm due now.
    const done = await jobWhen(
      'Headline after restart',
      (entry) => entry.status === 'completed',
      60_000,
    );
    expect(done).toMatchObject({ runCount: 1, lastResult: { outcome: 'done' } });
    expect(taskRuns.filter((title) => title === 'Headline after restart')).toHaveLength(2);
    // The answer that completed the job is the second request's, not the stopped run's.
    const sessionId = (done['lastResult'] as { sessionId: string }).sessionId;
    const chat = JSON.stringify((await rig.driver.session(sessionId)).turns);
    expect(chat).toContain('Ran Headline after restart');
    expect(chat).not.toContain('Too late.');
  }, 90_000);
});
