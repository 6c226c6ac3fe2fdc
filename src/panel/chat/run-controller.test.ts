import { describe, expect, it } from 'vitest';
import { createEventRouter } from '../../shared/protocol/router';
import { workerToPanel } from '../../shared/protocol/worker-to-panel';
import type { RunSnapshot } from '../../shared/protocol/run-messages';
import { createFakeApi } from './__fixtures__/fake-panel-api';
import { RunController } from './run-controller';
import { ManualFrameScheduler } from './stream/frame-scheduler';

const IDENTITY = {
  tabId: 3,
  scope: { siteId: 'typst' as const, projectId: 'p1' },
  sessionId: 's1',
};
const PENDING = {
  kind: 'edit-review' as const,
  callId: 'c2',
  name: 'replace_lines',
  diff: {
    fileLabel: 'main.typ',
    additions: 1,
    deletions: 1,
    truncated: false,
    hunks: [
      {
        oldStart: 1,
        oldLines: 1,
        newStart: 1,
        newLines: 1,
        rows: [
          { kind: 'delete' as const, oldLine: 1, text: 'a' },
          { kind: 'insert' as const, newLine: 1, text: 'b' },
        ],
      },
    ],
  },
};
const SNAPSHOT: RunSnapshot = {
  runId: 'r1',
  identity: IDENTITY,
  sequence: 2,
  pending: PENDING,
  turn: {
    id: 'a1',
    role: 'assistant',
    createdAt: 1,
    runId: 'r1',
    status: 'incomplete',
    segments: [
      { kind: 'reasoning', text: 'thinking' },
      { kind: 'text', text: 'So far **bold**.' },
      {
        kind: 'tools',
        calls: [
          {
            callId: 'c1',
            name: 'read_document',
            argumentsPreview: '{}',
            argumentsChars: 2,
            status: 'done',
            summary: '40 lines',
          },
        ],
      },
    ],
  },
};

function setup() {
  const scheduler = new ManualFrameScheduler();
  const decisions: unknown[] = [];
  const fake = createFakeApi({
    'run/status': () => SNAPSHOT,
    'run/resolve': (payload) => {
      decisions.push(payload);
      return { accepted: true };
    },
    'run/cancel': () => ({ cancelled: true }),
  });
  const ended: string[] = [];
  const runs = new RunController({
    client: fake.api,
    answerOptions: () => ({ scheduler }),
    onEnded: (run) => ended.push(run.runId),
  });
  const router = createEventRouter(
    workerToPanel,
    {
      'tab/site-changed': () => undefined,
      'sites/changed': () => undefined,
      'panel/quick-attach': () => undefined,
      ...runs.handlers,
    },
    { isActiveRun: runs.isActiveRun },
  );
  const deliver = (message: unknown) =>
    router.handle(message, { sender: 'worker', signal: new AbortController().signal });
  return { fake, runs, deliver, scheduler, decisions, ended };
}

describe('RunController', () => {
  it('shows a reopened run live: stream so far, tool cards and the pending review; continues after the snapshot', async () => {
    const { runs, deliver, scheduler } = setup();
    expect(await runs.reconnect(IDENTITY.scope, 's1')).toBe(true);
    const live = runs.live.value!;
    const element = live.view.answer.element;
    expect(element.textContent).toContain('So far');
    expect(element.querySelector('strong')?.textContent).toBe('bold');
    expect(element.querySelector('[data-testid="tool-card"]')?.textContent).toContain(
      'read_document',
    );
    expect(live.pending.value?.callId).toBe('c2');
    await deliver({
      type: 'run/stream',
      runId: 'r1',
      payload: { sequence: 2, parts: [{ channel: 'text', text: 'DUPLICATE' }] },
    });
    await deliver({
      type: 'run/stream',
      runId: 'r1',
      payload: { sequence: 3, parts: [{ channel: 'text', text: ' more' }] },
    });
    scheduler.runFrame();
    expect(element.textContent).not.toContain('DUPLICATE');
    expect(element.textContent).toContain('more');
  });

  it('sends a decision with the exact runId and callId, once', async () => {
    const { runs, fake, decisions } = setup();
    await runs.reconnect(IDENTITY.scope, 's1');
    await Promise.all([runs.resolve('apply'), runs.resolve('apply')]);
    expect(decisions).toEqual([{ callId: 'c2', decision: 'apply' }]);
    expect(fake.calls.find((call) => call.type === 'run/resolve')?.runId).toBe('r1');
    expect(runs.live.value?.pending.value).toBeNull();
  });

  it('ignores malformed events and events of other runs without breaking the view', async () => {
    const { runs, deliver, scheduler } = setup();
    runs.begin('r9', IDENTITY);
    const bad = [
      { type: 'run/stream', runId: 'r9', payload: { sequence: 'x', parts: [] } },
      { type: 'run/tool-call', runId: 'r9', payload: { callId: 'c', name: 'n' } },
      {
        type: 'run/stream',
        runId: 'other',
        payload: { sequence: 1, parts: [{ channel: 'text', text: 'foreign' }] },
      },
      { type: 'run/pending', runId: 'r9', payload: { pending: { kind: 'nope' } } },
      { type: 'run/end', payload: { status: 'done' } },
      null,
      'garbage',
    ];
    for (const message of bad) await expect(deliver(message)).resolves.toBeDefined();
    await deliver({
      type: 'run/tool-call',
      runId: 'r9',
      payload: {
        callId: 'c1',
        name: '<img src=x onerror=alert(1)>',
        argumentsPreview: '<script>x</script>',
        argumentsChars: 18,
      },
    });
    await deliver({
      type: 'run/stream',
      runId: 'r9',
      payload: { sequence: 1, parts: [{ channel: 'text', text: 'ok' }] },
    });
    scheduler.runFrame();
    const element = runs.live.value!.view.answer.element;
    expect(element.textContent).not.toContain('foreign');
    expect(element.querySelector('img, script')).toBeNull();
    expect(element.querySelector('.tool-name')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(runs.live.value?.status.value).toBe('running');
  });

  it('ends once on run/end and updates tool status', async () => {
    const { runs, deliver, ended } = setup();
    runs.begin('r5', IDENTITY);
    await deliver({
      type: 'run/tool-call',
      runId: 'r5',
      payload: { callId: 'c1', name: 'read', argumentsPreview: '{}', argumentsChars: 2 },
    });
    await deliver({
      type: 'run/tool-status',
      runId: 'r5',
      payload: {
        callId: 'c1',
        name: 'read',
        status: 'failed',
        summary: 'nope',
        errorCode: 'PAGE_NO_EDITOR',
      },
    });
    const end = {
      type: 'run/end',
      runId: 'r5',
      payload: {
        status: 'error',
        sessionId: 's1',
        assistantTurnId: 'a5',
        error: { code: 'PROVIDER_AUTH', message: 'bad key' },
      },
    };
    await deliver(end);
    await deliver(end);
    const live = runs.live.value!;
    const row = live.view.answer.element.querySelector('[data-testid="tool-card"]');
    expect(row?.querySelector('[data-testid="tool-status"]')?.textContent).toBe('Failed');
    expect(row?.querySelector('[data-testid="tool-error-code"]')?.textContent).toBe(
      'PAGE_NO_EDITOR',
    );
    expect(live.status.value).toBe('error');
    expect(live.error.value?.code).toBe('PROVIDER_AUTH');
    expect(ended).toEqual(['r5']);
  });

  it('shows the run a new worker resumed in place of the one the old worker ran', async () => {
    const { runs, deliver, fake } = setup();
    runs.begin('r0', IDENTITY);
    await deliver({
      type: 'run/resumed',
      runId: 'r0',
      payload: { runId: 'r1', sessionId: 's1', assistantTurnId: 'a1' },
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.calls.some((call) => call.type === 'run/status')).toBe(true);
    expect(runs.live.value?.runId).toBe('r1');
    expect(runs.live.value?.view.answer.element.textContent).toContain('So far');
  });

  it('asks again for a shown run after the worker restarted, and ignores a run that ended', async () => {
    const { runs } = setup();
    runs.begin('r0', IDENTITY);
    await runs.refresh();
    expect(runs.live.value?.runId).toBe('r1');
    runs.live.value?.end({ status: 'done' });
    const shown = runs.live.value;
    await runs.refresh();
    expect(runs.live.value).toBe(shown);
  });
});
