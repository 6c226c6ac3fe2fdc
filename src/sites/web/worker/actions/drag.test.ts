import { describe, expect, it } from 'vitest';
import type { ToolDefinition, ToolOutcome } from '../../../../worker/tools/define-tool';
import type { AccessFacts } from '../../../../worker/site-access/bridge-access';
import { actContext, controlView, type ActAnswers } from './__fixtures__/act-context';
import type { ActionDeps } from './action-target';
import {
  INPUT_FAILURES,
  InputError,
  type InputSessions,
  type SessionListener,
} from '../input/debugger-sessions';
import { dragTool } from './drag.tool';

const PAGE = 'https://board.example/';
const allowed: AccessFacts = {
  allowed: { always: [{ pattern: 'https://board.example/*', since: 1, permission: 'requested' }] },
  browserOrigins: ['https://board.example/*'],
  activeTabs: [],
  browser: 'chromium',
};

/**
 * Deps whose tab session records every command; `html5` makes the browser report an
 * intercepted drag once the pointer moved while pressed, as Chrome does for a
 * draggable element.
 */
function depsFor(options: { html5?: boolean; tabClosed?: boolean; closesMidDrag?: boolean } = {}) {
  const sent: { method: string; params: Record<string, unknown> }[] = [];
  const listeners = new Set<SessionListener>();
  let pressed = false;
  const sessions: InputSessions = {
    session: async () => ({
      ok: true,
      session: {
        tabId: 1,
        children: () => [],
        onEvent: (listener) => {
          listeners.add(listener);
          return () => void listeners.delete(listener);
        },
        send: async (method: string, params?: object) => {
          const body = (params ?? {}) as Record<string, unknown>;
          sent.push({ method, params: body });
          if (method === 'Input.dispatchMouseEvent') {
            if (body['type'] === 'mouseMoved' && pressed && options.closesMidDrag)
              throw new InputError(INPUT_FAILURES.tabClosed);
            if (body['type'] === 'mousePressed') pressed = true;
            if (body['type'] === 'mouseMoved' && pressed && options.html5)
              for (const listener of listeners)
                listener('Input.dragIntercepted', { data: { items: [], dragOperationsMask: 1 } });
          }
          return {};
        },
      },
    }),
    release: async () => undefined,
  };
  const deps: ActionDeps = {
    sessions,
    accessFacts: async () => allowed,
    tabUrl: async () => (options.tabClosed ? undefined : PAGE),
    settle: async () => undefined,
    watchNavigation: () => ({
      started: () => false,
      starts: async () => false,
      arrived: async () => null,
      stop: () => undefined,
    }),
  };
  return { deps, sent };
}

const ready = (x: number, y: number, target: string) => ({
  status: 'ready',
  target,
  kind: 'other',
  disabled: false,
  x,
  y,
  coveredBy: null,
});

/** A list whose first item (e1) sits at y 100 and whose third (e2) at y 200. */
function listPage(extra: ActAnswers = {}) {
  const answers: ActAnswers = {
    'web/act-state': () => ({
      url: PAGE,
      focused: null,
      dialogs: [],
      element: null,
      leaving: false,
    }),
    'web/act-locate': ({ ref }: { ref: number }) =>
      ref === 1 ? ready(50, 100, 'listitem "Alpha"') : ready(50, 200, 'listitem "Gamma"'),
    'web/act-facts': () => ({
      control: controlView({ role: 'listitem', name: 'Gamma' }),
      linkShown: false,
      url: PAGE,
    }),
    ...extra,
  };
  return { answers };
}

async function drag(deps: ActionDeps, answers: ActAnswers, args: Record<string, unknown>) {
  const tool = dragTool(deps) as ToolDefinition<unknown>;
  const parsed = tool.parseArguments(args);
  if (!parsed.ok) throw new Error(parsed.message);
  return tool.execute(parsed.args, actContext(answers).context) as Promise<ToolOutcome>;
}

const mouseTypes = (sent: { method: string; params: Record<string, unknown> }[]) =>
  sent
    .filter((entry) => entry.method === 'Input.dispatchMouseEvent')
    .map((entry) => entry.params['type']);

describe('drag', () => {
  it('presses on the source, moves in steps with the button held, and releases on the target', async () => {
    const { deps, sent } = depsFor();
    const page = listPage();
    const outcome = await drag(deps, page.answers, { from: 'e1', to: 'e2' });
    expect(outcome).toMatchObject({ ok: true });
    const types = mouseTypes(sent);
    expect(types[0]).toBe('mouseMoved');
    expect(types[1]).toBe('mousePressed');
    expect(types.at(-1)).toBe('mouseReleased');
    expect(types.filter((type) => type === 'mouseMoved').length).toBeGreaterThanOrEqual(12);
    const release = sent.find((entry) => entry.params['type'] === 'mouseReleased');
    expect(release?.params).toMatchObject({ x: 50, y: 200, button: 'left' });
    const held = sent.filter((entry) => entry.params['type'] === 'mouseMoved').slice(1);
    expect(held.every((entry) => entry.params['buttons'] === 1)).toBe(true);
    expect(sent.map((entry) => entry.method)).toContain('Input.setInterceptDrags');
    expect(sent.at(-1)).toEqual({ method: 'Input.setInterceptDrags', params: { enabled: false } });
  });

  it('finishes an HTML5 drag the browser intercepted with enter, over and drop on the target', async () => {
    const { deps, sent } = depsFor({ html5: true });
    const outcome = await drag(deps, listPage().answers, { from: 'e1', to: 'e2' });
    expect(outcome).toMatchObject({ ok: true, result: { done: expect.stringContaining('HTML5') } });
    const drags = sent.filter((entry) => entry.method === 'Input.dispatchDragEvent');
    expect(drags.map((entry) => entry.params['type'])).toEqual(['dragEnter', 'dragOver', 'drop']);
    expect(drags[2]?.params).toMatchObject({ x: 50, y: 200, data: { dragOperationsMask: 1 } });
    expect(mouseTypes(sent)).not.toContain('mouseReleased');
  });

  it('refuses a dead drop target, one off screen or covered, before pressing anything', async () => {
    for (const [answer, code] of [
      [{ status: 'gone' }, 'PAGE_REF_NOT_FOUND'],
      [{ status: 'not-visible', target: 'listitem "Omega"' }, 'INPUT_TARGET_NOT_VISIBLE'],
      [
        { ...ready(50, 200, 'listitem "Gamma"'), coveredBy: 'dialog "Cookies"' },
        'INPUT_TARGET_COVERED',
      ],
    ] as const) {
      const { deps, sent } = depsFor();
      const page = listPage({
        'web/act-locate': ({ ref }: { ref: number }) =>
          ref === 1 ? ready(50, 100, 'listitem "Alpha"') : answer,
      });
      expect(await drag(deps, page.answers, { from: 'e1', to: 'e9' })).toMatchObject({ code });
      expect(mouseTypes(sent)).toEqual([]);
    }
  });

  it('refuses a dead source, refs that are no refs, and a closed tab', async () => {
    const { deps } = depsFor();
    const gone = listPage({ 'web/act-locate': () => ({ status: 'gone' }) });
    expect(await drag(deps, gone.answers, { from: 'e1', to: 'e2' })).toMatchObject({
      code: 'PAGE_REF_NOT_FOUND',
    });
    expect(await drag(deps, gone.answers, { from: 'e1', to: 'top' })).toMatchObject({
      code: 'PAGE_REF_INVALID',
    });
    const closed = depsFor({ tabClosed: true });
    expect(await drag(closed.deps, listPage().answers, { from: 'e1', to: 'e2' })).toMatchObject({
      code: 'INPUT_TAB_CLOSED',
    });
  });

  it('ends with the tab-closed failure when the tab closes mid-drag, and stops intercepting', async () => {
    const { deps, sent } = depsFor({ closesMidDrag: true });
    expect(await drag(deps, listPage().answers, { from: 'e1', to: 'e2' })).toMatchObject({
      ok: false,
      code: 'INPUT_TAB_CLOSED',
    });
    expect(sent.at(-1)).toEqual({ method: 'Input.setInterceptDrags', params: { enabled: false } });
  });

  it('asks before dropping onto a consequential target', async () => {
    const tool = dragTool({} as ActionDeps) as ToolDefinition<unknown>;
    const { context } = actContext({
      'web/act-facts': () => ({
        control: controlView({ name: 'Delete forever' }),
        linkShown: false,
        url: PAGE,
      }),
    });
    const parsed = tool.parseArguments({ from: 'e1', to: 'e7' });
    if (!parsed.ok) throw new Error(parsed.message);
    expect(await tool.review!(parsed.args, context)).toMatchObject({
      ask: true,
      effect: "Drag e1 onto 'Delete forever' on board.example",
    });
  });
});
