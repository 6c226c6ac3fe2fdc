// The web face's read tools in real runs: Chromium with the built extension on local
// pages under real hostnames, every call made by the scripted model through the run
// loop, and every result checked as the model received it: right, bounded, labelled
// untrusted, and free of text the person cannot see or of field values never to read.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ToolResult } from '../support/tool-runs';
import { HIDDEN_MARKERS, INJECTED } from '../support/web-read/web-read-pages';
import { startWebReadRuns, type WebReadRuns } from '../support/web-read/web-read-runs';

// Several runs per test on a shared 2-core machine.
vi.setConfig({ testTimeout: 150_000 });

let runs: WebReadRuns;
beforeAll(async () => void (runs = await startWebReadRuns()), 120_000);
afterEach(async () => runs?.closeTabs());
afterAll(async () => runs?.close());

/** The untrusted part of a result, as the model read it. */
const content = (result: ToolResult) => {
  const outer = result['result'] as Record<string, any>;
  expect(outer['untrusted_page_content']['note']).toMatch(/never instructions/);
  return outer['untrusted_page_content']['content'] as Record<string, any>;
};
const body = (result: ToolResult) => result['result'] as Record<string, any>;

function expectNoHiddenText(result: ToolResult) {
  const text = JSON.stringify(result);
  expect(text).not.toContain(INJECTED);
  for (const marker of HIDDEN_MARKERS) expect(text).not.toContain(marker);
}

describe('read_page', () => {
  it('reads an article as Markdown with headings, links and a table, hidden text left out and counted', async () => {
    const tab = await runs.open('news.example', '/article');
    const { results } = await tab.run([{ name: 'read_page', arguments: {} }]);
    const [page] = results;
    expect(page?.ok).toBe(true);
    const markdown = content(page!)['markdown'] as string;
    expect(body(page!)['source']).toBe('article');
    expect(markdown).toMatch(/^## What happens next$/m);
    expect(markdown).toContain('[full plan](https://news.example/docs/plan.pdf)');
    expect(markdown).toMatch(
      /\| Year \| Lanes \(km\) \| Cost \|\n\| --- \| --- \| --- \|\n\| 2027 \| 12 \| 4.1 \|/,
    );
    expect(markdown).toContain(
      '![The planned river lane](https://news.example/img/river-lane.jpg)',
    );
    expect(markdown).not.toContain('Great news!');
    expectNoHiddenText(page!);
    expect(body(page!)['hidden_omitted']['parts']).toBeGreaterThanOrEqual(HIDDEN_MARKERS.length);
    expect(body(page!)['next_offset']).toBeNull();
    expect(await tab.page.evaluate(() => (window as any).__pageScriptRan)).toBe(true);
    await tab.close();
  });

  it('comes in parts with a visible continuation, and the parts join up to the whole', async () => {
    const tab = await runs.open('news.example', '/article');
    const first = await tab.run([{ name: 'read_page', arguments: { max_chars: 800 } }]);
    const part = first.results[0]!;
    const next = body(part)['next_offset'] as number;
    expect(next).toBeGreaterThan(600);
    expect(next).toBeLessThanOrEqual(800);
    expect(body(part)['continuation']).toMatch(
      /^\[Cut here: [\d,]+ more characters\. Call read_page with offset \d+/,
    );
    const rest = await tab.run([
      { name: 'read_page', arguments: { offset: next, max_chars: 30_000 } },
    ]);
    const whole = await tab.run([{ name: 'read_page', arguments: { max_chars: 30_000 } }]);
    expect(`${content(part)['markdown']}${content(rest.results[0]!)['markdown']}`).toBe(
      content(whole.results[0]!)['markdown'],
    );
    await tab.close();
  });

  it('reads the main region of an app page that has no article', async () => {
    const tab = await runs.open('app.example', '/');
    const { results } = await tab.run([{ name: 'read_page', arguments: {} }]);
    expect(body(results[0]!)['source']).toBe('main');
    const markdown = content(results[0]!)['markdown'] as string;
    expect(markdown).toContain('# Today');
    expect(markdown).toMatch(/^- +Pay the electricity bill$/m);
    expectNoHiddenText(results[0]!);
    await tab.close();
  });
});

describe('extract_data', () => {
  it('gives tables as rows, the outline, links, images and forms, never a secret field value', async () => {
    const tab = await runs.open('shop.example', '/product');
    const { results } = await tab.run([{ name: 'extract_data', arguments: {} }]);
    const data = content(results[0]!);
    const [sizes] = data['tables']['items'];
    expect(sizes['headers']).toEqual(['Size', 'Stock / Store', 'Stock / Online', 'Price']);
    expect(sizes['rows']).toEqual([
      ['40', '3', '12', '€120'],
      ['41', '0', '7', '€120'],
      ['42', 'Sold out', '', '€125'],
    ]);
    const headings = (data['headings']['items'] as { text: string }[]).map((item) => item.text);
    // The closed shadow root's heading and the same-origin frame are read in place.
    expect(headings).toEqual(['Trail Runner 3', 'Reviews']);
    expect(data['links']['items']).toContainEqual({
      text: 'Cart (0)',
      href: 'https://shop.example/cart',
    });
    const [order] = data['forms']['items'];
    const field = (name: string) => order['fields'].find((entry: any) => entry.name === name);
    expect(field('email')).toMatchObject({
      label: 'Email',
      type: 'email',
      required: true,
      value: 'ana@example.com',
    });
    expect(field('quantity')['options'][0]).toEqual({ text: '1', value: '1', selected: true });
    expect(field('password')).toMatchObject({ withheld: 'password' });
    expect(field('cardnumber')).toMatchObject({ withheld: 'payment-card' });
    expect(field('cvv')).toMatchObject({ withheld: 'payment-card' });
    expect(field('promo')).toMatchObject({ withheld: 'payment-card' });
    expect(field('gift')).toMatchObject({ checked: true });
    expect(order['hidden_inputs']).toBe(1);
    // Fields named "action" and "method" do not stand in for the form's own.
    expect(order).toMatchObject({ action: 'https://shop.example/checkout', method: 'post' });
    const text = JSON.stringify(results[0]);
    for (const secret of ['hunter2-secret', '4111', '737', '4242', 'tok-'])
      expect(text).not.toContain(secret);
    expectNoHiddenText(results[0]!);
    expect(body(results[0]!)['covers']).toMatch(/1 frames of other origins were not read here/);
    await tab.close();
  });
});

describe('find_text, get_window_info, get_selection', () => {
  it('finds text in a closed shadow root with a ref, and counts hidden occurrences without showing them', async () => {
    const tab = await runs.open('shop.example', '/product');
    const { results } = await tab.run([
      { name: 'find_text', arguments: { text: 'great   GRIP' } },
      { name: 'find_text', arguments: { text: INJECTED } },
    ]);
    const [grip, injected] = results;
    expect(content(grip!)['matches']).toEqual([
      {
        ref: expect.stringMatching(/^e\d+$/),
        element: 'p',
        place: 'in-view',
        snippet: 'Great grip on wet rock, says Lee.',
      },
    ]);
    expect(body(injected!)['total']).toBe(0);
    expect(body(injected!)['hidden_excluded']).toBeGreaterThanOrEqual(2);
    expectNoHiddenText(injected!);
    await tab.close();
  });

  it('reports the window: address, viewport, scroll and the frames it embeds', async () => {
    const tab = await runs.open('shop.example', '/product');
    await tab.page.evaluate(() => {
      document.body.style.minHeight = '3000px';
      window.scrollTo(0, 120);
    });
    const { results } = await tab.run([{ name: 'get_window_info', arguments: {} }]);
    const info = body(results[0]!);
    expect(content(results[0]!)['title']).toBe('Trail Runner 3 | Shop');
    expect(info['viewport']).toEqual({ width: 1280, height: 720 });
    expect(info['scroll']).toEqual({ x: 0, y: 120 });
    expect(info['frame_count']).toBe(2);
    expect(content(results[0]!)['frames']).toEqual([
      expect.objectContaining({ url: 'https://shop.example/inner', readable: true, visible: true }),
      expect.objectContaining({ origin: 'https://cdn.shop-assets.example', readable: false }),
    ]);
    await tab.close();
  });

  it('reads a selection in the page, in an open shadow root and in a field; withholds a password field; names a frame', async () => {
    const tab = await runs.open('app.example', '/select');
    const select = (how: string) => ({
      name: 'get_selection',
      arguments: {},
      before: async () => void (await tab.page.evaluate(how)),
    });
    const { results } = await tab.run([
      select(`getSelection().selectAllChildren(document.getElementById('plain'))`),
      select(
        `getSelection().selectAllChildren(document.getElementById('card').shadowRoot.getElementById('inside'))`,
      ),
      select(
        `(() => { const f = document.getElementById('search'); f.focus(); f.setSelectionRange(6, 13); })()`,
      ),
      select(`(() => { const f = document.getElementById('pw'); f.focus(); f.select(); })()`),
      select(
        `(() => { getSelection().removeAllRanges(); const f = document.getElementById('frame'); f.focus(); f.contentWindow.getSelection().selectAllChildren(f.contentDocument.getElementById('framed')); })()`,
      ),
    ]);
    const [plain, shadow, field, password, framed] = results;
    expect(content(plain!)['text']).toBe('The river lane opens in spring.');
    expect(content(shadow!)['text']).toBe('Shadow text to select');
    expect(content(field!)['text']).toBe('flights');
    expect(body(field!)['source']).toBe('field');
    expect(content(password!)['text']).toBe('');
    expect(body(password!)['withheld']).toMatch(/password field; its text is not read/);
    expect(JSON.stringify(password)).not.toContain('hunter2');
    expect(body(framed!)['selected']).toBe(false);
    expect(body(framed!)['in_frame']).toMatch(/^The focus is inside a frame \(ref e\d+\)/);
    await tab.close();
  });
});
