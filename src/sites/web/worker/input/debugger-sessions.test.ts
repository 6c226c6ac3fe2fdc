import { describe, expect, it } from 'vitest';
import { createFakeDebugger, type FakeDebugger } from '../../../../../test/support/fake-debugger';
import { createInputSessions, InputError, type InputSessions } from './debugger-sessions';

function setup(prepare?: (fake: FakeDebugger) => void) {
  const fake = createFakeDebugger();
  prepare?.(fake);
  const open = new Set([1, 2]);
  const sessions = createInputSessions({
    api: fake,
    tabExists: (id) => Promise.resolve(open.has(id)),
  });
  return { fake, sessions, open };
}

async function held(
  sessions: InputSessions,
  runId: string,
  tabId: number,
  signal = new AbortController().signal,
) {
  const result = await sessions.session(runId, tabId, signal);
  if (!result.ok) throw new Error(`${result.failure.code}: ${result.failure.message}`);
  return result.session;
}

describe('input sessions', () => {
  it('attaches once per run, however many actions, and detaches at run end', async () => {
    const { fake, sessions } = setup();
    for (let action = 0; action < 4; action += 1) {
      const session = await held(sessions, 'run-1', 1);
      await session.send('Input.dispatchMouseEvent', {});
    }
    expect(fake.log.filter((line) => line.startsWith('attach'))).toEqual(['attach 1']);
    expect(fake.log).toContain('Target.setAutoAttach 1');
    await sessions.release('run-1');
    expect(fake.attached.has(1)).toBe(false);
    expect(fake.log.filter((line) => line.startsWith('detach'))).toEqual(['detach 1']);
    await sessions.release('run-1');
    expect(fake.log.filter((line) => line.startsWith('detach'))).toEqual(['detach 1']);
  });

  it('detaches when the run is stopped', async () => {
    const { fake, sessions } = setup();
    const controller = new AbortController();
    await held(sessions, 'run-1', 1, controller.signal);
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fake.attached.has(1)).toBe(false);
    const again = await sessions.session('run-1', 1, controller.signal);
    expect(again).toMatchObject({ ok: false, failure: { code: 'CANCELLED' } });
  });

  it('detaches what a previous worker left before it attaches anything', async () => {
    const { fake, sessions } = setup((fake) => fake.preattached.add(7));
    await held(sessions, 'run-1', 1);
    expect(fake.preattached.has(7)).toBe(false);
    expect(fake.log.indexOf('detach 7')).toBeLessThan(fake.log.indexOf('attach 1'));
  });

  it('ends the run\u2019s actions when the person presses Cancel, and never re-attaches for that run', async () => {
    const { fake, sessions } = setup();
    const session = await held(sessions, 'run-1', 1);
    fake.detachByBrowser(1, 'canceled_by_user');
    const error = await session.send('Input.insertText', { text: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).failure.code).toBe('INPUT_CANCELED_BY_USER');
    expect((error as InputError).failure.message).toMatch(/pressed Cancel/);
    const next = await sessions.session('run-1', 1, new AbortController().signal);
    expect(next).toMatchObject({ ok: false, failure: { code: 'INPUT_CANCELED_BY_USER' } });
    expect(fake.log.filter((line) => line.startsWith('attach'))).toEqual(['attach 1']);
    // A new request of the person's may act again.
    await held(sessions, 'run-2', 1);
    expect(fake.log.filter((line) => line.startsWith('attach'))).toEqual(['attach 1', 'attach 1']);
  });

  it('says the tab closed when it closes mid-run', async () => {
    const { fake, sessions, open } = setup();
    const session = await held(sessions, 'run-1', 1);
    open.delete(1);
    fake.failCommand = 'No tab with given id 1.';
    const error = (await session
      .send('Input.dispatchKeyEvent', {})
      .catch((e: unknown) => e)) as InputError;
    expect(error.failure.code).toBe('INPUT_TAB_CLOSED');
    fake.detachByBrowser(1, 'target_closed');
    expect(await sessions.session('run-1', 1, new AbortController().signal)).toMatchObject({
      ok: false,
      failure: { code: 'INPUT_TAB_CLOSED' },
    });
  });

  it('attaches once to each tab of a run, refuses a second run on a tab in use, and detaches every tab at the end', async () => {
    const { fake, sessions } = setup();
    await held(sessions, 'run-1', 1);
    const second = await held(sessions, 'run-1', 2);
    await second.send('Input.dispatchMouseEvent', {});
    await held(sessions, 'run-1', 1);
    await held(sessions, 'run-1', 2);
    expect(fake.log.filter((line) => line.startsWith('attach'))).toEqual(['attach 1', 'attach 2']);
    expect(await sessions.session('run-2', 1, new AbortController().signal)).toMatchObject({
      ok: false,
      failure: { code: 'INPUT_ATTACH_FAILED' },
    });
    expect(fake.attached).toEqual(new Set([1, 2]));
    await sessions.release('run-1');
    expect(fake.attached).toEqual(new Set());
    expect(fake.log.filter((line) => line.startsWith('detach')).sort()).toEqual([
      'detach 1',
      'detach 2',
    ]);
    expect(await sessions.session('run-1', 2, new AbortController().signal)).toMatchObject({
      ok: false,
      failure: { code: 'CANCELLED' },
    });
  });

  it('takes every tab of the run back when the person presses Cancel in one of them', async () => {
    const { fake, sessions } = setup();
    await held(sessions, 'run-1', 1);
    fake.detachByBrowser(1, 'canceled_by_user');
    expect(await sessions.session('run-1', 2, new AbortController().signal)).toMatchObject({
      ok: false,
      failure: { code: 'INPUT_CANCELED_BY_USER' },
    });
    expect(fake.attached.has(2)).toBe(false);
  });

  it('reports a tab another debugger holds in plain words', async () => {
    const { sessions } = setup(
      (fake) => (fake.failAttach = 'Another debugger is already attached to the tab with id: 1.'),
    );
    const result = await sessions.session('run-1', 1, new AbortController().signal);
    expect(result).toMatchObject({ ok: false, failure: { code: 'INPUT_ATTACH_FAILED' } });
    if (!result.ok) expect(result.failure.message).toMatch(/developer tools/);
  });

  it('passes the tab session’s own events to listeners of its run until they stop listening', async () => {
    const { fake, sessions } = setup();
    const session = await held(sessions, 'run-1', 1);
    const heard: string[] = [];
    const stop = session.onEvent((method) => heard.push(method));
    fake.emit({ tabId: 1 }, 'Input.dragIntercepted', { data: {} });
    fake.emit({ tabId: 1, sessionId: 'S1' }, 'Input.dragIntercepted', { data: {} });
    fake.emit({ tabId: 2 }, 'Input.dragIntercepted', { data: {} });
    stop();
    fake.emit({ tabId: 1 }, 'Input.dragIntercepted', { data: {} });
    expect(heard).toEqual(['Input.dragIntercepted']);
  });

  it('follows out-of-process frames at every level and forgets them when they go', async () => {
    const { fake, sessions } = setup();
    const session = await held(sessions, 'run-1', 1);
    fake.emit({ tabId: 1 }, 'Target.attachedToTarget', {
      sessionId: 'S1',
      targetInfo: { targetId: 'T1', url: 'https://cdn.example/w', type: 'iframe' },
    });
    fake.emit({ tabId: 1, sessionId: 'S1' }, 'Target.attachedToTarget', {
      sessionId: 'S2',
      targetInfo: { targetId: 'T2', url: 'https://ads.example/x', type: 'iframe' },
    });
    expect(session.children()).toEqual([
      { sessionId: 'S1', targetId: 'T1', url: 'https://cdn.example/w', parent: null },
      { sessionId: 'S2', targetId: 'T2', url: 'https://ads.example/x', parent: 'S1' },
    ]);
    expect(fake.log).toContain('Target.setAutoAttach 1/S1');
    expect(fake.log).toContain('Target.setAutoAttach 1/S2');
    fake.emit({ tabId: 1 }, 'Target.detachedFromTarget', { sessionId: 'S1' });
    expect(session.children().map((child) => child.sessionId)).toEqual(['S2']);
  });

  it('says plainly that there is no trusted input where the browser has no debugger', async () => {
    const sessions = createInputSessions({ api: null, tabExists: () => Promise.resolve(true) });
    expect(await sessions.session('run-1', 1, new AbortController().signal)).toMatchObject({
      ok: false,
      failure: { code: 'INPUT_UNAVAILABLE' },
    });
  });
});
