import { describe, expect, it } from 'vitest';
import { NO_ALLOWED_SITES } from '../../../../worker/storage/allowed-sites';
import { InputError } from '../input/debugger-sessions';
import type { InputSessions } from '../input/debugger-sessions';
import { actContext, PageRefusal } from './__fixtures__/act-context';
import { actionOutcome, pressAndObserve } from './action-result';
import type { ActionDeps } from './action-target';
import type { NavigationWatch } from './navigation-watch';

const SHOP = 'https://shop.example/*';
const before = {
  url: 'https://shop.example/cart',
  focused: null,
  dialogs: [],
  element: null,
  leaving: false,
};

/** Deps whose tab loads `arrival` (or nothing) once input is sent. */
function fakeDeps(options: { loads?: string | null; tabUrl?: string; late?: string } = {}) {
  const events: string[] = [];
  const watch: NavigationWatch = {
    started: () => options.loads !== undefined,
    starts: async () => options.late !== undefined,
    arrived: async () => options.loads ?? options.late ?? null,
    stop: () => void events.push('stop'),
  };
  const deps: ActionDeps = {
    sessions: {} as InputSessions,
    accessFacts: async () => ({
      allowed: {
        ...NO_ALLOWED_SITES,
        always: [{ pattern: SHOP, since: 1, permission: 'requested' }],
      },
      browserOrigins: [SHOP],
      activeTabs: [],
      browser: 'chromium',
    }),
    tabUrl: async () => options.tabUrl ?? before.url,
    settle: async () => undefined,
    watchNavigation: () => (events.push('watch'), watch),
  };
  return { deps, events };
}

const pageState = { 'web/act-state': () => ({ ...before, focused: 'button "Pay"' }) };

describe('pressAndObserve', () => {
  it('follows the tab to the new document an action loaded and says where it went', async () => {
    const { deps, events } = fakeDeps({ loads: 'https://shop.example/order/7' });
    const { context, calls, followed } = actContext(pageState);
    const after = await pressAndObserve(deps, context, 3, before, async () => {
      events.push('press');
    });
    expect(events).toEqual(['watch', 'press', 'stop']);
    if ('ok' in after) throw new Error(after.message);
    expect(followed).toEqual(['follow']);
    // Only the new document is asked, once the run follows it, until it answers.
    expect(calls).toEqual([{ method: 'web/act-state', payload: { ref: null } }]);
    const outcome = actionOutcome(
      'Clicked e3.',
      'button "Pay"',
      after,
      before,
      'Clicked e3',
      context,
    );
    expect(outcome).toMatchObject({
      ok: true,
      result: {
        done: 'Clicked e3. The tab then navigated to https://shop.example/order/7.',
        note: expect.stringContaining('earlier refs are gone'),
        untrusted_page_content: {
          content: { changes: { url: 'https://shop.example/order/7', new_page: true } },
        },
      },
      summary: 'Clicked e3; navigated to https://shop.example/order/7',
    });
  });

  it('waits for the new page to answer before the next call', async () => {
    const { deps } = fakeDeps({ loads: 'https://shop.example/order/7' });
    let asked = 0;
    const { context, calls } = actContext({
      'web/act-state': () =>
        (asked += 1) < 3 ? undefined : { ...before, url: 'https://shop.example/order/7' },
    });
    const after = await pressAndObserve(deps, context, 3, before, async () => undefined);
    expect(after).toMatchObject({ arrival: { url: 'https://shop.example/order/7' } });
    expect(calls).toHaveLength(3);
  });

  it('waits for the navigation of a document that says it is unloading', async () => {
    const { deps } = fakeDeps({ late: 'https://shop.example/search?q=red' });
    const { context, followed } = actContext({
      'web/act-state': () => ({ ...before, leaving: true }),
    });
    const after = await pressAndObserve(deps, context, 3, before, async () => undefined);
    expect(after).toMatchObject({ arrival: { url: 'https://shop.example/search?q=red' } });
    expect(followed).toEqual(['follow']);
  });

  it('waits for the navigation when the old document no longer answers', async () => {
    const { deps } = fakeDeps({ late: 'https://shop.example/search?q=blue' });
    let asked = 0;
    // The old document is gone; the new one answers once the run follows it.
    const { context, followed } = actContext({
      'web/act-state': () => ((asked += 1) === 1 ? undefined : before),
    });
    const after = await pressAndObserve(deps, context, 3, before, async () => undefined);
    expect(after).toMatchObject({ arrival: { url: 'https://shop.example/search?q=blue' } });
    expect(followed).toEqual(['follow']);
  });

  it('follows the new document when the tab shows it before its loading status arrived', async () => {
    // A busy machine: the relay already answers for the new document while the
    // tab's "loading" event is still on its way. The run must not pause for it.
    const { deps } = fakeDeps({ late: 'https://shop.example/search?q=red' });
    let asked = 0;
    const { context, calls, followed } = actContext({
      'web/act-state': () =>
        (asked += 1) === 1 ? new PageRefusal('PAGE_DOCUMENT_CHANGED') : before,
    });
    const after = await pressAndObserve(deps, context, 3, before, async () => undefined);
    expect(after).toMatchObject({ arrival: { url: 'https://shop.example/search?q=red' } });
    expect(followed).toEqual(['follow']);
    expect(calls[0]).toEqual({
      method: 'web/act-state',
      payload: { ref: 3 },
      options: { reportDocumentChange: true },
    });
  });

  it('reads the page as it is when an unloading document stays after all', async () => {
    const { deps } = fakeDeps();
    const { context, followed } = actContext({
      'web/act-state': () => ({ ...before, leaving: true }),
    });
    const after = await pressAndObserve(deps, context, 3, before, async () => undefined);
    expect(after).toMatchObject({ arrival: null, state: { leaving: true } });
    expect(followed).toEqual([]);
  });

  it('notices a new address even when no loading was seen', async () => {
    const { deps } = fakeDeps({ tabUrl: 'https://shop.example/done' });
    const watchless = {
      ...deps,
      watchNavigation: () => ({
        ...deps.watchNavigation(1),
        arrived: async () => 'https://shop.example/done',
      }),
    };
    const { context, followed } = actContext(pageState);
    const after = await pressAndObserve(watchless, context, 3, before, async () => undefined);
    expect(after).toMatchObject({ arrival: { url: 'https://shop.example/done', refused: null } });
    expect(followed).toEqual(['follow']);
  });

  it('reads the same page back when nothing loaded, and does not move the run', async () => {
    const { deps } = fakeDeps({ tabUrl: 'https://shop.example/cart#top' });
    const { context, calls, followed } = actContext(pageState);
    const after = await pressAndObserve(deps, context, 3, before, async () => undefined);
    expect(after).toMatchObject({ arrival: null, state: { focused: 'button "Pay"' } });
    expect(calls.map((call) => call.method)).toEqual(['web/act-state']);
    expect(followed).toEqual([]);
  });

  it('does not follow the tab to a site the person has not allowed, and says so', async () => {
    const { deps } = fakeDeps({ loads: 'https://tracker.example/?id=1' });
    const { context, followed } = actContext(pageState);
    const after = await pressAndObserve(deps, context, 3, before, async () => undefined);
    if ('ok' in after) throw new Error(after.message);
    expect(followed).toEqual([]);
    const outcome = actionOutcome(
      'Clicked e3.',
      'link "Offer"',
      after,
      before,
      'Clicked e3',
      context,
    );
    expect(outcome).toMatchObject({
      ok: false,
      code: 'INPUT_NOT_ALLOWED',
      details: { navigated_to: 'https://tracker.example/?id=1' },
    });
    expect(outcome.ok === false && outcome.message).toContain('has not allowed');
  });

  it('tells the model when the new page is on another allowed site than the chat', async () => {
    const { deps } = fakeDeps({ loads: 'https://pay.example/checkout' });
    const allowedToo: ActionDeps = {
      ...deps,
      accessFacts: async () => ({
        allowed: {
          ...NO_ALLOWED_SITES,
          always: [
            { pattern: SHOP, since: 1, permission: 'requested' },
            { pattern: 'https://pay.example/*', since: 1, permission: 'requested' },
          ],
        },
        browserOrigins: [SHOP, 'https://pay.example/*'],
        activeTabs: [],
        browser: 'chromium',
      }),
    };
    const { context, followed } = actContext(pageState);
    const after = await pressAndObserve(allowedToo, context, 3, before, async () => undefined);
    if ('ok' in after) throw new Error(after.message);
    expect(followed).toEqual(['follow']);
    const outcome = actionOutcome(
      'Clicked e3.',
      'link "Pay"',
      after,
      before,
      'Clicked e3',
      context,
    );
    expect(outcome).toMatchObject({
      ok: true,
      result: { note: expect.stringContaining('another site') },
    });
  });

  it('fails plainly when the new page never finished loading', async () => {
    const { deps, events } = fakeDeps({ loads: null });
    const { context, followed } = actContext(pageState);
    const after = await pressAndObserve(deps, context, 3, before, async () => undefined);
    expect(after).toMatchObject({ ok: false, code: 'NAVIGATION_FAILED' });
    expect(followed).toEqual([]);
    expect(events).toEqual(['watch', 'stop']);
  });

  it('stops watching when the input fails, and returns the input failure', async () => {
    const { deps, events } = fakeDeps({ loads: 'https://shop.example/x' });
    const { context, followed } = actContext(pageState);
    const after = await pressAndObserve(deps, context, 3, before, async () => {
      throw new InputError({ code: 'INPUT_TAB_CLOSED', message: 'closed' });
    });
    expect(after).toEqual({ ok: false, code: 'INPUT_TAB_CLOSED', message: 'closed' });
    expect(events).toEqual(['watch', 'stop']);
    expect(followed).toEqual([]);
  });
});

describe('what loop detection learns of an action', () => {
  it('names the element of an action that changed nothing, and the addresses before and after; an action that navigated is progress', () => {
    const { context } = actContext({});
    const stayed = actionOutcome(
      'Clicked.',
      'button "Next"',
      { url: before.url, state: before, arrival: null },
      before,
      'Clicked',
      context,
    );
    expect(stayed.loop).toEqual({
      target: 'element:button "Next"',
      urlBefore: before.url,
      urlAfter: before.url,
    });
    const opened = actionOutcome(
      'Clicked.',
      'button "Menu"',
      { url: before.url, state: { ...before, dialogs: ['dialog "Menu"'] }, arrival: null },
      before,
      'Clicked',
      context,
    );
    expect(opened.loop).toEqual({ urlBefore: before.url, urlAfter: before.url });
    const went = actionOutcome(
      'Clicked.',
      'link "Login"',
      {
        url: before.url,
        state: null,
        arrival: { url: 'https://shop.example/login', refused: null },
      },
      before,
      'Clicked',
      context,
    );
    expect(went.loop).toEqual({
      urlBefore: before.url,
      urlAfter: 'https://shop.example/login',
    });
  });
});
