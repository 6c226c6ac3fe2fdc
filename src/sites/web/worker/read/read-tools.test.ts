import { describe, expect, it } from 'vitest';
import { ProtocolFailure, type Result } from '../../../../shared/protocol/envelope';
import type { JsonValue, ToolRunContext } from '../../../../worker/tools/define-tool';
import { checkSchemaSubset } from '../../../../worker/tools/schema-subset';
import { readMethods } from '../../methods/read-methods';
import { workerSite } from '../web.worker';
import { readTools } from './read-tools';
import { NO_VISION_NOTE } from './screenshot.tool';

type Method = keyof typeof readMethods;
type Answers = Partial<Record<Method, (payload: any) => unknown>>;

const coverage = {
  hiddenParts: 0,
  hiddenCharacters: 0,
  hiddenReasons: {},
  shadowRoots: 0,
  sameOriginFrames: 0,
  otherFrames: 0,
  stopped: null,
};

/** A page answering the read methods; every answer must pass its method's schema. */
function contextFor(answers: Answers, extra: Partial<ToolRunContext> = {}) {
  const calls: { method: string; payload: unknown }[] = [];
  const request = async (method: string, payload: unknown): Promise<Result<unknown>> => {
    calls.push({ method, payload });
    try {
      const answer = await answers[method as Method]?.(payload);
      if (answer === undefined) throw new ProtocolFailure('UNKNOWN_MESSAGE_TYPE', method);
      return { ok: true, data: readMethods[method as Method].response.parse(answer) };
    } catch (error) {
      if (!(error instanceof ProtocolFailure)) throw error;
      return { ok: false, error: { code: error.code, message: error.message } };
    }
  };
  const context = {
    runId: 'run-1',
    callId: 'call-1',
    signal: new AbortController().signal,
    identity: { tabId: 1, scope: { siteId: 'web', projectId: 'https://a.example' } },
    editMode: 'ask',
    page: { tabId: 1, request },
    interaction: {},
    state: { checkpointId: null, site: null },
    documentHooks: {},
    ...extra,
  } as unknown as ToolRunContext;
  return { context, calls };
}

const tool = (name: string) => readTools.find((entry) => entry.name === name)!;
async function run(name: string, args: unknown, context: ToolRunContext) {
  const parsed = tool(name).parseArguments(args);
  if (!parsed.ok) throw new Error(parsed.message);
  return tool(name).execute(parsed.args, context);
}
const resultOf = (outcome: { ok: boolean; result?: JsonValue }) =>
  (outcome.ok ? outcome.result : null) as Record<string, any>;

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
      expect(workerSite.tools).toContain(entry);
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
        frames: [],
        frameCount: 0,
      }),
    });
    const result = resultOf(await run('get_window_info', {}, context));
    expect(result['scroll_size']).toEqual({ width: 800, height: 4000 });
    expect(result['focused']).toEqual({ ref: 'e3', element: 'input', is_frame: false });
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

describe('wait_for_stable', () => {
  const slice = (quiet: boolean, quietForMs: number) => ({
    quiet,
    elapsedMs: 100,
    mutations: 5,
    resources: 1,
    quietForMs,
    readyState: 'complete',
  });

  it('strings slices together, carrying the quiet time seen so far, until one is quiet', async () => {
    const answers = [slice(false, 120), slice(false, 300), slice(true, 500)];
    const { context, calls } = contextFor({ 'web/wait-stable': () => answers.shift() });
    const result = resultOf(await run('wait_for_stable', { quiet_ms: 500 }, context));
    expect(result).toMatchObject({ stable: true, timed_out: false, mutations: 15 });
    expect(calls.map((call) => (call.payload as { quietSoFarMs: number }).quietSoFarMs)).toEqual([
      0, 120, 300,
    ]);
  });

  it('stops at its timeout with timed_out', async () => {
    const { context, calls } = contextFor({
      'web/wait-stable': async (payload: { maxMs: number }) => {
        await new Promise((resolve) => setTimeout(resolve, payload.maxMs));
        return slice(false, 0);
      },
    });
    const result = resultOf(await run('wait_for_stable', { timeout_ms: 300 }, context));
    expect(result).toMatchObject({ stable: false, timed_out: true });
    expect(calls.length).toBeLessThanOrEqual(2);
  });

  it('ends when the run is stopped instead of asking for more slices', async () => {
    const controller = new AbortController();
    const { context, calls } = contextFor(
      {
        'web/wait-stable': () => {
          controller.abort();
          return slice(false, 0);
        },
      },
      { signal: controller.signal },
    );
    await expect(run('wait_for_stable', { timeout_ms: 20_000 }, context)).rejects.toThrow();
    expect(calls).toHaveLength(1);
  });
});

describe('screenshot', () => {
  it('takes no capture for a model that cannot see images and says so', async () => {
    let captured = 0;
    const { context } = contextFor(
      {},
      {
        supportsVision: false,
        page: {
          tabId: 1,
          request: async () => ({ ok: true, data: {} }),
          captureVisible: async () => (
            (captured += 1),
            { ok: true, data: { dataUrl: '', url: '' } }
          ),
        },
      },
    );
    const result = resultOf(await run('screenshot', {}, context));
    expect(result).toEqual({ image_sent: false, note: NO_VISION_NOTE });
    expect(captured).toBe(0);
  });

  it('passes on a capture refusal and refuses an image the browser did not return', async () => {
    const page = (data: Result<{ dataUrl: string; url: string }>) => ({
      tabId: 1,
      request: async () => ({ ok: true as const, data: {} }),
      captureVisible: async () => data,
    });
    const refused = contextFor(
      {},
      {
        supportsVision: true,
        page: page({
          ok: false,
          error: { code: 'CAPTURE_UNAVAILABLE', message: 'Not the visible tab.' },
        }),
      },
    ).context;
    expect(await run('screenshot', {}, refused)).toMatchObject({
      ok: false,
      code: 'CAPTURE_UNAVAILABLE',
    });
    const garbage = contextFor(
      {},
      {
        supportsVision: true,
        page: page({ ok: true, data: { dataUrl: 'data:text/html,<b>x</b>', url: 'https://a/' } }),
      },
    ).context;
    expect(await run('screenshot', {}, garbage)).toMatchObject({
      ok: false,
      code: 'CAPTURE_UNAVAILABLE',
    });
  });
});
