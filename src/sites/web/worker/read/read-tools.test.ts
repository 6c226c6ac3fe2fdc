import { describe, expect, it } from 'vitest';
import { ProtocolFailure } from '../../../../shared/protocol/envelope';
import { checkSchemaSubset } from '../../../../worker/tools/schema-subset';
import { workerSite } from '../web.worker';
import { contextFor, coverage, resultOf, run, tool } from './__fixtures__/read-context';
import { readTools } from './read-tools';

const readPage = (overrides: Record<string, unknown> = {}) => ({
  url: 'https://a.example/',
  title: 'A page',
  byline: null,
  siteName: null,
  lang: 'en',
  source: 'article',
  markdown: '# A page\n\nText.',
  offset: 0,
  nextOffset: null,
  totalChars: 16,
  textCut: false,
  reread: false,
  coverage,
  ...overrides,
});

describe('web read tools', () => {
  it('are registered with the web face, read-only, with schemas inside the subset', () => {
    expect(readTools.map((entry) => entry.name)).toEqual([
      'read_page',
      'extract_data',
      'find_text',
      'get_selection',
      'get_window_info',
      'wait_for_stable',
      'screenshot',
    ]);
    for (const entry of readTools) {
      // Registered as itself, with what it reads recorded for the safety policy.
      const registered = workerSite.tools.find((tool) => tool.name === entry.name);
      expect(registered).toMatchObject({ ...entry, execute: expect.any(Function) });
      expect(entry.effect).toBe('read');
      expect(checkSchemaSubset(entry.inputSchema), entry.name).toMatchObject({ ok: true });
    }
  });

  it('read_page labels the page untrusted, says how to continue, and counts hidden parts', async () => {
    const { context, calls } = contextFor({
      'web/read-page': () =>
        readPage({
          nextOffset: 16,
          totalChars: 40,
          coverage: { ...coverage, hiddenParts: 3, hiddenReasons: { 'aria-hidden': 3 } },
        }),
    });
    const result = resultOf(await run('read_page', { max_chars: 600 }, context));
    expect(calls).toEqual([{ method: 'web/read-page', payload: { offset: 0, maxChars: 600 } }]);
    expect(result['untrusted_page_content']).toMatchObject({
      source: 'https://a.example/',
      content: { title: 'A page', markdown: '# A page\n\nText.' },
    });
    expect(result['continuation']).toBe(
      '[Cut here: 24 more characters. Call read_page with offset 16 to continue.]',
    );
    expect(result['hidden_omitted']).toMatchObject({ parts: 3, reasons: { 'aria-hidden': 3 } });
    expect(result['hidden_omitted']['note']).toMatch(/left out/);
  });

  it('read_page says when the page changed between parts and when reading stopped early', async () => {
    const { context } = contextFor({
      'web/read-page': () =>
        readPage({ reread: true, textCut: true, coverage: { ...coverage, stopped: 'deadline' } }),
    });
    const result = resultOf(await run('read_page', { offset: 100 }, context));
    expect(result['notes']).toHaveLength(3);
    expect(result['continuation']).toBeNull();
  });

  it('extract_data asks for every kind by default and marks each cut', async () => {
    const { context, calls } = contextFor({
      'web/extract-data': () => ({
        url: 'https://a.example/',
        title: 'A',
        coverage: { ...coverage, otherFrames: 2, stopped: 'node-budget' },
        tables: {
          items: [{ caption: '', headers: ['a'], rows: [['1']], rowCount: 80, columnCount: 1 }],
          total: 12,
        },
        links: { items: [{ text: 'x', href: 'https://a.example/x' }], total: 9, distinct: 4 },
      }),
    });
    const result = resultOf(await run('extract_data', {}, context));
    expect((calls[0]?.payload as { kinds: string[] }).kinds).toEqual([
      'tables',
      'headings',
      'links',
      'images',
      'forms',
    ]);
    expect(result['cut']).toBe(
      '[Cut to fit: tables: 1 of 12; table 1: 1 of 80 rows, 1 of 1 columns; links: 1 of 4 distinct.]',
    );
    expect(result['untrusted_page_content']['content']['tables']['items'][0]['row_count']).toBe(80);
    expect(result['covers']).toMatch(/2 frames of other origins were not read here/);
    expect(result['partial']).toMatch(/stopped partway/);
  });

  it('find_text names refs as the tree does and marks occurrences it did not show', async () => {
    const { context } = contextFor({
      'web/find-text': () => ({
        url: 'https://a.example/',
        matches: [{ ref: 7, tag: 'p', snippet: 'a needle', place: 'below' }],
        total: 30,
        totalCapped: false,
        hiddenExcluded: 2,
        partial: false,
      }),
    });
    const result = resultOf(await run('find_text', { text: 'needle', max_results: 1 }, context));
    expect(result['untrusted_page_content']['content']['matches']).toEqual([
      { ref: 'e7', element: 'p', place: 'below', snippet: 'a needle' },
    ]);
    expect(result['cut']).toMatch(/^\[29 more occurrences not shown/);
    expect(result['hidden_excluded']).toBe(2);
    expect(tool('find_text').parseArguments({ text: '   ' }).ok).toBe(false);
  });

  it('get_selection withholds a secret field and names a focused frame', async () => {
    const selection = {
      url: 'https://a.example/',
      source: 'field',
      text: '',
      totalChars: 0,
      truncated: false,
      fieldRef: 4,
      withheld: 'payment-card',
      focusedFrameRef: null,
    };
    const secret = contextFor({ 'web/get-selection': () => selection }).context;
    const withheld = resultOf(await run('get_selection', {}, secret));
    expect(withheld['withheld']).toBe(
      'The selection is in a payment card field; its text is not read.',
    );
    expect(withheld['field_ref']).toBe('e4');
    const framed = contextFor({
      'web/get-selection': () => ({
        ...selection,
        source: 'none',
        fieldRef: null,
        withheld: null,
        focusedFrameRef: 9,
      }),
    }).context;
    const inFrame = resultOf(await run('get_selection', {}, framed));
    expect(inFrame['selected']).toBe(false);
    expect(inFrame['in_frame']).toMatch(/^The focus is inside a frame \(ref e9\)/);
  });

  it('get_window_info reports facts with snake_case keys and the focused ref', async () => {
    const { context } = contextFor({
      'web/window-info': () => ({
        url: 'https://a.example/',
        title: 'A',
        viewport: { width: 800, height: 600 },
        devicePixelRatio: 2,
        pinchZoom: 1,
        scroll: { x: 0, y: 50 },
        scrollSize: { width: 800, height: 4000 },
        readyState: 'complete',
        focused: { ref: 3, tag: 'input', inFrame: false },
        frames: [
          {
            url: 'https://b.example/',
            origin: 'https://b.example',
            readable: false,
            visible: true,
            width: 300,
            height: 80,
          },
        ],
        frameCount: 70,
      }),
    });
    const result = resultOf(await run('get_window_info', {}, context));
    expect(result['scroll_size']).toEqual({ width: 800, height: 4000 });
    expect(result['focused']).toEqual({ ref: 'e3', element: 'input', is_frame: false });
    expect(result['cut']).toBe('[Cut to fit: 1 of 70 frames listed.]');
  });

  it('turns a page refusal into a structured error the model reads', async () => {
    const { context } = contextFor({
      'web/read-page': () => {
        throw new ProtocolFailure('PAGE_UNAVAILABLE', 'The page went away.');
      },
    });
    expect(await run('read_page', {}, context)).toEqual({
      ok: false,
      code: 'PAGE_UNAVAILABLE',
      message: 'The page went away.',
    });
  });
});
