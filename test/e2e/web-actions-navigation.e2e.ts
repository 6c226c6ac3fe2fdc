// A click that loads a new page keeps the run going: through the built extension in
// real Chromium, one run reads a two-page shop, clicks a link (and, in another run,
// submits a search form by a click and by Enter), and acts on the page it arrived at,
// with no pause in between. A link to a site the person has not allowed is followed
// by the tab but not by the run, which says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { runTools, type ToolResult, type ToolStep } from '../support/tool-runs';
import { refIn, startWebRunRig, treeOf, type WebRunRig } from '../support/web-run-rig';

const HOST = 'shop.example';
const OTHER = 'offers.example';

const HOME = `<!doctype html><title>Shop</title>
<nav><a href="/shirts">Shirts</a> <a href="https://${OTHER}/deal">Deal of the day</a></nav>
<form action="/search" method="get"><label>Search <input name="q" value="red"></label>
<button type="submit">Search</button></form>`;

const SHIRTS = `<!doctype html><title>Shirts</title><h1>Shirts</h1>
<button id="add" onclick="document.body.dataset.added = 'yes'">Add to cart</button>`;

const search = (url: URL) => `<!doctype html><title>Results</title>
<h1>Results for ${(url.searchParams.get('q') ?? '').replace(/[^a-z]/g, '')}</h1>
<button onclick="document.body.dataset.sorted = 'yes'">Sort by price</button>`;

let rig: WebRunRig;
let shop: Page;

beforeAll(async () => {
  rig = await startWebRunRig(
    {
      [HOST]: { '/': HOME, '/shirts': SHIRTS, '/search': search },
      [OTHER]: { '/deal': '<!doctype html><title>Deal</title><p>Deal</p>' },
    },
    HOST,
  );
  shop = rig.tab;
});

afterAll(async () => {
  await rig?.close();
});

/** Pauses are what this behaviour removes: one ends the run so the test fails at once. */
const pauses: string[] = [];
const answer = async (pending: Record<string, unknown>) => {
  if (pending['kind'] === 'scope-wait') {
    pauses.push(String(pending['message']));
    return 'stop';
  }
  return 'allow-run';
};
const step = (name: string, args: Record<string, unknown> = {}): ToolStep => ({
  name,
  arguments: args,
  onPending: answer,
});
const run = (steps: ToolStep[]) =>
  runTools({ driver: rig.driver, models: rig.models, modelId: rig.modelId }, steps, {
    agentMode: 'act',
  });

/** The refs of a page, read in a run of their own (refs are numbered per document). */
async function refsAt(pathname: string, wanted: [string, string][]): Promise<string[]> {
  await shop.goto(rig.pages.url(HOST, pathname), { waitUntil: 'load' });
  await shop.waitForFunction(() => document.documentElement.dataset['sideAgentBridge']);
  const look = await run([step('get_accessibility_tree')]);
  return wanted.map(([role, name]) => refIn(treeOf(look.results[0]), role, name));
}

const done = (result: ToolResult | undefined) =>
  String((result as { result?: { done?: string } } | undefined)?.result?.done ?? '');

describe('a click that navigates', () => {
  it('follows a link to the next page and acts there in the same run', async () => {
    const [add] = await refsAt('/shirts', [['button', 'Add to cart']]);
    const [shirts] = await refsAt('/', [['link', 'Shirts']]);
    const outcome = await run([
      step('get_accessibility_tree'),
      step('click', { ref: shirts }),
      step('get_accessibility_tree'),
      step('click', { ref: add }),
    ]);
    expect(pauses).toEqual([]);
    expect(outcome.results.map((result) => result.code ?? 'ok')).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(done(outcome.results[1])).toBe(
      `Clicked ${shirts}. The tab then navigated to https://${HOST}/shirts.`,
    );
    expect(treeOf(outcome.results[2])).toContain('button "Add to cart"');
    expect(outcome.end.payload['status']).toBe('done');
    expect(shop.url()).toBe(`https://${HOST}/shirts`);
    expect(await shop.getAttribute('body', 'data-added')).toBe('yes');
  });

  it('submits a form by a click and by Enter, and acts on the results page', async () => {
    const [sort] = await refsAt('/search?q=red', [['button', 'Sort by price']]);
    const [field, submit] = await refsAt('/', [
      ['textbox', 'Search'],
      ['button', 'Search'],
    ]);
    const byClick = await run([
      step('get_accessibility_tree'),
      step('click', { ref: submit }),
      step('get_accessibility_tree'),
      step('click', { ref: sort }),
    ]);
    expect(pauses).toEqual([]);
    expect(byClick.results.map((result) => result.code ?? 'ok')).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(done(byClick.results[1])).toContain(`navigated to https://${HOST}/search?q=red`);
    expect(await shop.getAttribute('body', 'data-sorted')).toBe('yes');

    await refsAt('/', []);
    const byEnter = await run([
      step('get_accessibility_tree'),
      step('type', { ref: field, text: 'blue', clear: true, submit: true }),
      step('get_accessibility_tree'),
    ]);
    expect(pauses).toEqual([]);
    expect(byEnter.results.map((result) => result.code ?? 'ok')).toEqual(['ok', 'ok', 'ok']);
    expect(done(byEnter.results[1])).toContain(`navigated to https://${HOST}/search?q=blue`);
    expect(treeOf(byEnter.results[2])).toContain('Results for blue');
  });

  it('does not follow the tab to a site the person has not allowed', async () => {
    const [deal] = await refsAt('/', [['link', 'Deal of the day']]);
    const outcome = await run([step('get_accessibility_tree'), step('click', { ref: deal })]);
    expect(outcome.results[1]).toMatchObject({ ok: false, code: 'INPUT_NOT_ALLOWED' });
    expect(String(outcome.results[1]?.['message'])).toContain(`https://${OTHER}/deal`);
    expect(shop.url()).toBe(`https://${OTHER}/deal`);
  });
});
