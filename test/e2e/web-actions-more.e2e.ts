// The newer action tools and guards through the built extension in real Chromium:
// each call is one turn of a scripted model in a real run (argument checks, the
// approval policy, the run's page guard), and every page judges by its own state:
// wait_for_element sees an element that appears later, scroll_page by ref moves an
// inner list and not the page, drag reorders a pointer-sorted list and an HTML5 drag
// and drop list, done is held back while a dialog is open and passes once it is
// closed, and a second click on the same Save button within 45 s asks first, as
// does a click on Send right after Enter sent the same form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTools, type ToolResult } from '../support/tool-runs';
import { refIn, startWebRunRig, treeOf, type WebRunRig } from '../support/web-run-rig';
import { MORE_ACTION_PAGES } from '../support/web-fixtures/more-action-pages';

const HOST = 'tasks.example';

let rig: WebRunRig;

beforeAll(async () => {
  rig = await startWebRunRig({ [HOST]: MORE_ACTION_PAGES }, HOST);
});

afterAll(async () => {
  await rig?.close();
});

const context = () => ({ driver: rig.driver, models: rig.models, modelId: rig.modelId });
const act = { agentMode: 'act' } as const;

/** Shows `pathname` in the run's tab; the relay of the allowed site loads with it. */
async function show(pathname: string): Promise<void> {
  await rig.tab.goto(rig.pages.url(HOST, pathname), { waitUntil: 'load' });
  await rig.tab.waitForFunction(() => document.documentElement.dataset['sideAgentBridge']);
}

/** The page's tree as the product sent it to the model. */
async function tree(): Promise<string> {
  const look = await runTools(context(), [{ name: 'get_accessibility_tree', arguments: {} }], act);
  return treeOf(look.results[0]);
}

const codes = (results: ToolResult[]) => results.map((result) => result.code ?? 'ok');

describe('wait_for_element', () => {
  it('sees an element that appears later and returns its ref', async () => {
    await show('/wait');
    const started = Date.now();
    const outcome = await runTools(
      context(),
      [{ name: 'wait_for_element', arguments: { role: 'status', name: 'Results ready' } }],
      act,
    );
    expect(codes(outcome.results)).toEqual(['ok']);
    expect(JSON.stringify(outcome.results[0])).toMatch(/"ref":"e\d+"/);
    expect(await rig.tab.evaluate(() => document.body.dataset['shownAt'])).toBeTruthy();
    expect(Date.now() - started).toBeGreaterThan(1_000);
  });
});

describe('scroll_page by ref', () => {
  it('moves the inner list that holds the element, not the page', async () => {
    await show('/scroll');
    const ref = refIn(await tree(), 'listitem', 'Result 3');
    const outcome = await runTools(
      context(),
      [{ name: 'scroll_page', arguments: { direction: 'down', ref } }],
      act,
    );
    expect(codes(outcome.results)).toEqual(['ok']);
    const { list, page } = await rig.tab.evaluate(() => ({
      list: document.getElementById('results')!.scrollTop,
      page: window.scrollY,
    }));
    expect(list).toBeGreaterThan(100);
    expect(page).toBe(0);
    expect(JSON.stringify(outcome.results[0])).toContain(`"moved_px":${Math.round(list)}`);
  });
});

describe('drag', () => {
  it('reorders a pointer-sorted list and an HTML5 drag and drop list, by the page\u2019s own order', async () => {
    await show('/drag');
    const text = await tree();
    const outcome = await runTools(
      context(),
      [
        {
          name: 'drag',
          arguments: {
            from: refIn(text, 'listitem', 'Pointer Alpha'),
            to: refIn(text, 'listitem', 'Pointer Gamma'),
          },
        },
        {
          name: 'drag',
          arguments: {
            from: refIn(text, 'listitem', 'Native Alpha'),
            to: refIn(text, 'listitem', 'Native Gamma'),
          },
        },
      ],
      act,
    );
    expect(codes(outcome.results)).toEqual(['ok', 'ok']);
    const order = await rig.tab.evaluate(() => ({
      pointer: document.getElementById('pointer')!.dataset['order'],
      native: document.getElementById('native')!.dataset['order'],
    }));
    expect(order).toEqual({ pointer: 'Beta,Gamma,Alpha', native: 'Beta,Gamma,Alpha' });
    expect(JSON.stringify(outcome.results[1])).toContain('HTML5');
  });
});

describe('done', () => {
  it('is held back while a dialog is open, and passes once it is closed', async () => {
    await show('/done');
    const close = refIn(await tree(), 'button', 'Close');
    const outcome = await runTools(
      context(),
      [
        { name: 'done', arguments: { summary: 'Created the task.', outcome: 'success' } },
        { name: 'click', arguments: { ref: close } },
        { name: 'done', arguments: { summary: 'Created the task.', outcome: 'success' } },
      ],
      act,
    );
    expect(codes(outcome.results)).toEqual(['DONE_UNVERIFIED', 'ok', 'ok']);
    expect(JSON.stringify(outcome.results[0])).toContain('dialog');
    expect(outcome.results[2]).toMatchObject({ ok: true });
    expect(await rig.tab.evaluate(() => document.querySelector('dialog')?.open)).toBe(false);
  });
});

describe('the duplicate-submit guard', () => {
  it('asks before a second click on the same Save button within 45 s, and a denial keeps one save', async () => {
    await show('/save');
    const save = refIn(await tree(), 'button', 'Save');
    const cards: Record<string, unknown>[] = [];
    const outcome = await runTools(
      context(),
      [
        { name: 'click', arguments: { ref: save } },
        {
          name: 'click',
          arguments: { ref: save },
          onPending: async (pending) => {
            cards.push(pending);
            return 'deny';
          },
        },
      ],
      act,
    );
    expect(codes(outcome.results)).toEqual(['ok', 'TOOL_DENIED']);
    expect(cards).toMatchObject([
      {
        kind: 'action-approval',
        name: 'click',
        effect: `Click 'Save' on ${HOST}`,
        reason: expect.stringMatching(/pressed on this page \d+ s ago/),
        allowRun: false,
      },
    ]);
    expect(await rig.tab.evaluate(() => document.body.dataset['saves'])).toBe('1');
  });

  it('counts Enter in a field as sending its form: a click on Send right after asks', async () => {
    await show('/send');
    const page = await tree();
    const field = refIn(page, 'textbox', 'Message');
    const send = refIn(page, 'button', 'Send');
    const cards: Record<string, unknown>[] = [];
    const outcome = await runTools(
      context(),
      [
        { name: 'type', arguments: { ref: field, text: 'See you at six', submit: true } },
        {
          name: 'click',
          arguments: { ref: send },
          onPending: async (pending) => {
            cards.push(pending);
            return 'deny';
          },
        },
      ],
      act,
    );
    expect(codes(outcome.results)).toEqual(['ok', 'TOOL_DENIED']);
    expect(cards).toMatchObject([
      {
        kind: 'action-approval',
        name: 'click',
        effect: `Click 'Send' on ${HOST}`,
        reason: expect.stringMatching(/pressed on this page \d+ s ago/),
        allowRun: false,
      },
    ]);
    expect(await rig.tab.evaluate(() => document.body.dataset['sends'])).toBe('1');
  });
});
