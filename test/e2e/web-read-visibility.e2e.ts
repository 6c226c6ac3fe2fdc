// One definition of "hidden" for the whole web face: on a page that hides injected
// instructions in every way pages hide text, the accessibility tree, read_page and
// find_text agree on what a person sees. Each hiding place has its own marker word,
// so a failure names the reader and the way of hiding that let text through.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ToolResult } from '../support/tool-runs';
import { HIDDEN_VARIANTS } from '../support/web-read/web-read-pages';
import { DISPUTED_HIDDEN, DISPUTED_SHOWN } from '../support/web-read/visibility-pages';
import { startWebReadRuns, type WebReadRuns } from '../support/web-read/web-read-runs';

vi.setConfig({ testTimeout: 150_000 });

let runs: WebReadRuns;
beforeAll(async () => void (runs = await startWebReadRuns()), 120_000);
afterEach(async () => runs?.closeTabs());
afterAll(async () => runs?.close());

const markerOf = (html: string) => /([a-z]+-marker)/.exec(html)?.[1] ?? '';

describe('what a person sees, for every web reader', () => {
  it('leaves out each hidden text in the tree, in read_page and in find_text alike', async () => {
    const tab = await runs.open('news.example', '/article');
    const { results } = await tab.run([
      { name: 'get_accessibility_tree', arguments: { filter: 'all' } },
      { name: 'read_page', arguments: {} },
      { name: 'find_text', arguments: { text: 'marker' } },
    ]);
    const [tree, page, found] = results.map((result: ToolResult) => JSON.stringify(result));
    // The same page's visible text reaches every reader (the check is not vacuous).
    for (const text of [tree, page]) expect(text).toContain('What happens next');
    const leaks: string[] = [];
    for (const [way, html] of Object.entries(HIDDEN_VARIANTS)) {
      const marker = markerOf(html);
      if (tree?.includes(marker)) leaks.push(`tree shows ${way}`);
      if (page?.includes(marker)) leaks.push(`read_page shows ${way}`);
      if (found?.includes(marker)) leaks.push(`find_text shows ${way}`);
    }
    expect(leaks).toEqual([]);
    await tab.close();
  });
});

describe('where the tree and the page readers once disagreed', () => {
  it('gives one answer in the tree, read_page and find_text for each hiding place', async () => {
    const tab = await runs.open('news.example', '/disputed');
    const { results } = await tab.run([
      { name: 'get_accessibility_tree', arguments: { filter: 'all' } },
      { name: 'read_page', arguments: {} },
      { name: 'find_text', arguments: { text: 'marker' } },
    ]);
    const [tree, page, found] = results.map((result: ToolResult) => JSON.stringify(result));
    const answers: string[] = [];
    const readers = { tree, read_page: page, find_text: found };
    for (const [way, html] of Object.entries({ ...DISPUTED_HIDDEN, ...DISPUTED_SHOWN })) {
      const marker = markerOf(html);
      const shows = Object.entries(readers)
        .filter(([, text]) => text?.includes(marker))
        .map(([reader]) => reader);
      answers.push(`${way}: ${shows.join(' ') || 'hidden'}`);
    }
    const everywhere = 'tree read_page find_text';
    expect(answers).toEqual([
      ...Object.keys(DISPUTED_HIDDEN).map((way) => `${way}: hidden`),
      ...Object.keys(DISPUTED_SHOWN).map((way) => `${way}: ${everywhere}`),
    ]);
    // The custom check box stays usable: the tree offers it, marked as drawn invisibly.
    expect(tree).toMatch(
      /checkbox \\"Accept the labelterms-marker terms\\" \[e\d+\] \w+ transparent/,
    );
    await tab.close();
  });
});
