import { describe, expect, it } from 'vitest';
import { describeActivity, type ToolRunContext } from '../../../../worker/tools/define-tool';
import { checkSchemaSubset } from '../../../../worker/tools/schema-subset/check-schema-subset';
import { scrollMethods } from '../../methods/scroll-methods';
import { scrollPageTool } from './scroll-page.tool';

type Method = keyof typeof scrollMethods;

function pageAnswering(answers: Partial<Record<Method, unknown>>) {
  const calls: unknown[] = [];
  const context = {
    signal: new AbortController().signal,
    page: {
      tabId: 1,
      request: async (method: Method, payload: unknown) => {
        calls.push({ method, payload });
        const answer = answers[method];
        if (answer === undefined)
          return { ok: false, error: { code: 'RUN_SCOPE_CHANGED', message: 'tab closed' } };
        return { ok: true, data: scrollMethods[method].response.parse(answer) };
      },
    },
  } as unknown as ToolRunContext;
  return { context, calls };
}

async function scroll(context: ToolRunContext, args: Record<string, unknown>) {
  const parsed = scrollPageTool.parseArguments(args);
  if (!parsed.ok) throw new Error(parsed.message);
  return scrollPageTool.execute(parsed.args, context);
}

const inner = (before: number, after: number, max = 800) => ({
  status: 'scrolled',
  container: 'list "Results"',
  before,
  after,
  max,
  viewport: 200,
});

describe('scroll_page by ref', () => {
  it('scrolls the element\u2019s container and says what moved and by how much', async () => {
    const { context, calls } = pageAnswering({ 'web/scroll-container': inner(0, 170) });
    const outcome = await scroll(context, { direction: 'down', ref: 'e14' });
    expect(calls).toEqual([
      { method: 'web/scroll-container', payload: { ref: 14, direction: 'down' } },
    ]);
    expect(outcome).toMatchObject({
      ok: true,
      result: { scrolled: 'container', moved_px: 170, scroll_top: 170, max_scroll_top: 800 },
      summary: 'Scrolled its container down by 170 px; now part way down.',
    });
    expect(JSON.stringify(outcome)).toContain('list \\"Results\\"');
  });

  it('warns when nothing moved, at an end or where nothing scrolls', async () => {
    const atEnd = pageAnswering({ 'web/scroll-container': inner(800, 800) });
    expect(await scroll(atEnd.context, { direction: 'down', ref: 'e14' })).toMatchObject({
      result: { moved_px: 0, note: 'Nothing moved: its container is already at the bottom.' },
    });
    const flat = pageAnswering({
      'web/scroll-container': { ...inner(0, 0, 0), container: null },
    });
    expect(await scroll(flat.context, { direction: 'down', ref: 'e3' })).toMatchObject({
      result: { scrolled: 'page', note: expect.stringContaining('nothing around e3 scrolls') },
    });
    const page = pageAnswering({
      'web/scroll-page': { scrollY: 0, maxScrollY: 0, viewportHeight: 700, moved: false },
    });
    expect(await scroll(page.context, { direction: 'up' })).toMatchObject({
      result: { moved: false, note: 'Nothing moved: the page is already at the top.' },
    });
  });

  it('refuses dead refs, frame refs and text that is no ref; passes on a closed tab', async () => {
    const gone = pageAnswering({ 'web/scroll-container': { status: 'gone' } });
    expect(await scroll(gone.context, { direction: 'down', ref: 'e9' })).toMatchObject({
      code: 'PAGE_REF_NOT_FOUND',
    });
    expect(await scroll(gone.context, { direction: 'down', ref: 'list' })).toMatchObject({
      code: 'PAGE_REF_INVALID',
    });
    expect(await scroll(gone.context, { direction: 'down', ref: 'f1:e2' })).toMatchObject({
      code: 'SITE_FEATURE_UNAVAILABLE',
    });
    const closed = pageAnswering({});
    expect(await scroll(closed.context, { direction: 'down', ref: 'e9' })).toMatchObject({
      code: 'RUN_SCOPE_CHANGED',
    });
    expect(scrollPageTool.parseArguments({ direction: 'sideways' }).ok).toBe(false);
  });

  it('describes the call and offers a schema in the subset', () => {
    expect(describeActivity(scrollPageTool, { direction: 'down', ref: 'e14' })).toBe(
      'Scrolled down around e14',
    );
    expect(checkSchemaSubset(scrollPageTool.inputSchema)).toMatchObject({ ok: true });
  });
});
