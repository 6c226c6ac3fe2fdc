// The web read tools on pages built to break readers: a 2 MB text node, 50,000
// elements, names and addresses of a million characters, and a page that redefines
// JSON, Array.prototype and DOM methods and throws in its observers. Every answer
// must be bounded (with a visible cut) and right, and the page must keep working.
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

const body = (result: ToolResult) => result['result'] as Record<string, any>;
const content = (result: ToolResult) =>
  body(result)['untrusted_page_content']['content'] as Record<string, any>;

/** Characters of one tool message the model received. */
const sizeOf = (result: ToolResult) => JSON.stringify(result).length;
/** A tool message stays well inside one model turn (the Markdown cap plus notes). */
const MAX_RESULT_CHARS = 60_000;

const ALL_TOOLS = [
  { name: 'read_page', arguments: {} },
  { name: 'extract_data', arguments: {} },
  { name: 'find_text', arguments: { text: 'needle-at-the-end' } },
  { name: 'get_window_info', arguments: {} },
] as const;

async function runAll(host: string, path: string) {
  const tab = await runs.open(host, path);
  const started = Date.now();
  const { results } = await tab.run(ALL_TOOLS);
  const elapsedMs = Date.now() - started;
  for (const result of results) {
    expect(result.ok, JSON.stringify(result).slice(0, 500)).toBe(true);
    expect(sizeOf(result)).toBeLessThan(MAX_RESULT_CHARS);
  }
  console.log(
    `${host}${path}: 4 tools in one run, ${elapsedMs} ms; sizes ${results.map(sizeOf).join(', ')}`,
  );
  return { tab, results };
}

describe('hostile pages', () => {
  it('reads a page that redefines JSON, Array.prototype and DOM methods, and leaves it working', async () => {
    const { tab, results } = await runAll('hostile.example', '/');
    const [page, data, , info] = results;
    expect(content(page!)['markdown']).toContain('The museum opens at nine and closes at five.');
    expect(content(page!)['markdown']).toContain('[Tickets](https://hostile.example/tickets)');
    expect(content(data!)['tables']['items'][0]['rows']).toEqual([['Monday', 'Closed']]);
    expect(content(info!)['title']).toBe('Hostile');
    const text = JSON.stringify(results);
    expect(text).not.toContain(INJECTED);
    expect(text).not.toContain('hijacked');
    for (const marker of HIDDEN_MARKERS) expect(text).not.toContain(marker);
    // The page's own scripts still run with their redefinitions in place.
    const body = tab.page.locator('body');
    expect(await body.getAttribute('data-stringify')).toBe('"hijacked"');
    const tick = Number(await body.getAttribute('data-tick'));
    await expect
      .poll(async () => Number(await body.getAttribute('data-tick')), { timeout: 5_000 })
      .toBeGreaterThan(tick);
    await tab.close();
  });

  it('reads a 2 MB text node in bounded parts and still finds text after it', async () => {
    const { tab, results } = await runAll('hostile.example', '/big-text');
    const [page, data, found] = results;
    expect(body(page!)['returned_chars']).toBeLessThanOrEqual(12_000);
    expect(body(page!)['total_chars']).toBeLessThanOrEqual(1_000_100);
    expect(body(page!)['continuation']).toMatch(/^\[Cut here: /);
    expect(body(page!)['notes']).toContainEqual(expect.stringMatching(/first million characters/));
    expect(content(data!)['headings']['items']).toEqual([{ level: 1, text: 'One huge paragraph' }]);
    expect(body(found!)['total']).toBe(1);
    expect(content(found!)['matches'][0]).toMatchObject({
      element: 'p',
      snippet: expect.stringContaining('needle-at-the-end'),
    });
    await tab.close();
  });

  it('reads 50,000 elements in bounded answers with counts of what was cut', async () => {
    const { tab, results } = await runAll('hostile.example', '/many');
    const [page, data, found] = results;
    // A loaded machine may stop a walk at its time budget: then the result says so.
    if (body(found!)['partial'] !== true) expect(body(found!)['total']).toBe(1);
    expect(body(page!)['continuation']).toMatch(/^\[Cut here: /);
    expect(content(page!)['markdown']).toMatch(
      /^- +row 0 \[item 0\]\(https:\/\/hostile\.example\/item\/0\) \*\*x\*\*$/m,
    );
    const links = content(data!)['links'];
    // A loaded machine may stop the walk at its time budget: then the result says so.
    if (links['distinct'] < 10_000) expect(body(data!)['partial']).toMatch(/stopped partway/);
    else expect(links['distinct']).toBe(10_000);
    expect(links['items'].length).toBeLessThanOrEqual(150);
    expect(body(data!)['cut']).toMatch(/links: \d+ of \d+ distinct/);
    await tab.close();
  });

  it('reads 3,000 nested elements without running out of stack', async () => {
    const { tab, results } = await runAll('hostile.example', '/deep');
    const [page, , found] = results;
    expect(content(page!)['markdown']).toContain('needle-at-the-end');
    expect(body(found!)['total']).toBe(1);
    await tab.close();
  });

  it('caps names, addresses, spans and values of a million characters', async () => {
    const { tab, results } = await runAll('hostile.example', '/long-names');
    const [page, data] = results;
    expect(content(page!)['title'].length).toBeLessThanOrEqual(512);
    const [form] = content(data!)['forms']['items'];
    expect(form['fields'][0]['value'].length).toBe(500);
    expect(form['fields'][0]['value_cut']).toBe(true);
    expect(content(data!)['images']['items'][0]['src']).toBe('data:…');
    await tab.close();
  });
});
