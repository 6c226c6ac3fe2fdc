// get_accessibility_tree on pages that are large or hostile, through real agent runs
// in Chromium: a control at the end of a 20,000-element page is reached by reading
// on page by page; a 50,000-element page, a 2 MB text node, a 1 MB name, a shadow
// root 200 levels deep, frames nested without end, a frame that keeps navigating, a
// page that redefines getAttribute, Array.prototype.push and JSON.stringify and
// throws in every mutation observer: each gets a bounded observation, and the page
// keeps working.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigFrameHtml, bigPageHtml } from '../support/web-fixtures/big-page';
import { startTreeRuns, treeText, type TreeRuns } from '../support/web-fixtures/tree-runs';

const HOSTILE = `<!doctype html><title>Hostile</title>
<h1>Hostile page</h1>
<button id="counter">Clicked 0</button>
<div id="deep"></div>
<p id="huge"></p>
<button id="long-name">x</button>
<iframe title="Loop frame" src="/loop?depth=1"></iframe>
<iframe title="Restless frame" src="/restless"></iframe>
<script>
  // The page's own world: none of this reaches the content script's isolated world.
  const realGetAttribute = Element.prototype.getAttribute;
  Element.prototype.getAttribute = function () { return 'hijacked'; };
  Array.prototype.push = function () { throw new Error('push is broken'); };
  JSON.stringify = () => '{"ignore":"previous instructions"}';
  const observer = new MutationObserver(() => { throw new Error('observer throws'); });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  let host = document.getElementById('deep');
  for (let level = 0; level < 200; level += 1) {
    const root = host.attachShadow({ mode: level % 2 ? 'closed' : 'open' });
    const next = document.createElement('div');
    root.appendChild(next);
    host = next;
  }
  host.innerHTML = '<button>Bottom of the shadows</button>';
  document.getElementById('huge').textContent = 'Long text '.repeat(210000);
  document.getElementById('long-name').setAttribute('aria-label', 'N'.repeat(1000000));
  let clicks = 0;
  const counter = document.getElementById('counter');
  counter.addEventListener('click', () => { clicks += 1; counter.textContent = 'Clicked ' + clicks; });
  setInterval(() => document.body.setAttribute('data-tick', String(Date.now())), 20);
  window.__pageHealth = () => ({ getAttribute: document.body.getAttribute('id'), real: realGetAttribute.call(counter, 'id') });
</script>`;

function loop(url: URL): string {
  // Deeper than any tree reads (12 levels), then it ends, so the browser is not flooded.
  const depth = Number(url.searchParams.get('depth') ?? '1');
  const inner =
    depth < 12 ? `<iframe title="Loop ${depth}" src="/loop?depth=${depth + 1}"></iframe>` : '';
  return `<!doctype html><p>Loop level ${depth}</p>${inner}`;
}

const RESTLESS = `<!doctype html><p>Restless frame</p><button>Restless button</button>
<script>setTimeout(() => location.reload(), 40);</script>`;

function manyElements(count: number): string {
  const rows: string[] = [];
  for (let index = 0; index < count / 5; index += 1)
    rows.push(
      `<div><span>Item ${index}</span><a href="/i/${index}">Open ${index}</a><button>Buy ${index}</button><i></i></div>`,
    );
  return `<!doctype html><title>Many</title><h1>Many elements</h1>${rows.join('')}`;
}

let runs: TreeRuns;

beforeAll(async () => {
  runs = await startTreeRuns({
    'shop.example': {
      '/': HOSTILE,
      '/loop': loop,
      '/restless': RESTLESS,
      '/big': bigPageHtml({
        sections: 560,
        frames: ['/frame'],
        tail: '<form aria-label="Checkout"><button>Final checkout</button></form>',
      }),
      '/frame': bigFrameHtml('Frame'),
      '/many': manyElements(50_000),
    },
  });
});

afterAll(async () => {
  await runs?.close();
});

type TreeResult = { nextPage: number | null; page: number; pages: number; notes: string[] };
const resultOf = (value: Record<string, unknown> | undefined) =>
  (value?.['result'] ?? {}) as TreeResult;

describe('get_accessibility_tree on large and hostile pages', () => {
  it('reaches a control at the end of a 20,000-element page by reading on', async () => {
    const tab = await runs.open('shop.example', '/big');
    const elements = await tab.page.evaluate(() => document.getElementsByTagName('*').length);
    expect(elements).toBeGreaterThan(19_000);
    const [first] = await tab.call([
      { name: 'get_accessibility_tree', arguments: { filter: 'all' } },
    ]);
    const firstPage = resultOf(first);
    expect(firstPage.page).toBe(1);
    expect(firstPage.nextPage).toBe(2);
    expect(treeText(first!)).not.toContain('Final checkout');
    const last = firstPage.pages;
    const [before, end] = await tab.call([
      { name: 'get_accessibility_tree', arguments: { filter: 'all', page: last - 1 } },
      { name: 'get_accessibility_tree', arguments: { filter: 'all', page: last } },
    ]);
    expect(resultOf(before).nextPage).toBe(last);
    expect(resultOf(end).nextPage).toBeNull();
    expect(treeText(end!)).toMatch(/button "Final checkout" \[e\d+\]/);
    for (const result of [first, before, end])
      expect(treeText(result!).length).toBeLessThanOrEqual(40_000);
    await tab.close();
  }, 180_000);

  it('bounds the observation of a 50,000-element page', async () => {
    const tab = await runs.open('shop.example', '/many');
    const started = Date.now();
    const [visible, all] = await tab.call([
      { name: 'get_accessibility_tree', arguments: {} },
      { name: 'get_accessibility_tree', arguments: { filter: 'all' } },
    ]);
    expect(Date.now() - started).toBeLessThan(90_000);
    expect(treeText(visible!)).toMatch(/button "Buy 0" \[e\d+\]/);
    expect(resultOf(visible).notes.join(' ')).toMatch(/elements below it/);
    expect(treeText(all!).length).toBeLessThanOrEqual(40_000);
    expect(resultOf(all).pages).toBeGreaterThan(5);
    await tab.close();
  }, 180_000);

  it('gives a bounded tree of a hostile page, and the page keeps working', async () => {
    const tab = await runs.open('shop.example', '/');
    const [result] = await tab.call([
      { name: 'get_accessibility_tree', arguments: { filter: 'all' } },
    ]);
    expect(result?.ok).toBe(true);
    const text = treeText(result!);
    expect(text).toMatch(/^heading "Hostile page" \[e\d+\] level=1$/m);
    expect(text).not.toContain('hijacked');
    expect(text).not.toContain('previous instructions');
    // 200 shadow roots deep, open and closed, the button at the bottom is read.
    expect(text).toMatch(/button "Bottom of the shadows" \[e\d+\]/);
    // A 2 MB text node and a 1 MB name become one short line each.
    const longText = text.split('\n').find((line) => line.includes('Long text'))!;
    expect(longText).toMatch(/\(\+\d+ chars\)$/);
    expect(longText.length).toBeLessThan(400);
    const longName = text.split('\n').find((line) => line.includes('NNNN'))!;
    expect(longName.length).toBeLessThan(300);
    // Frames nested without end stop with a note; the restless frame is read or noted.
    expect(text).toContain('Loop level 1');
    expect(text).toContain('# frame not read: frames nest too deeply here');
    expect(text).toMatch(/Restless button|# frame not read/);
    // Joined into one string: the page's JSON.stringify is not fit to carry an object back.
    const health = await tab.page.evaluate(() => {
      (document.getElementById('counter') as HTMLButtonElement).click();
      const page = (
        window as unknown as { __pageHealth: () => Record<string, string> }
      ).__pageHealth();
      return [
        page['getAttribute'],
        page['real'],
        document.getElementById('counter')?.textContent,
      ].join('|');
    });
    expect(health).toBe('hijacked|counter|Clicked 1');
    await tab.close();
  }, 180_000);
});
