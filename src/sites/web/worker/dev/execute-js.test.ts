import { describe, expect, it } from 'vitest';
import type { ToolDefinition, ToolOutcome } from '../../../../worker/tools/define-tool';
import type { AccessFacts } from '../../../../worker/site-access/bridge-access';
import { NO_ALLOWED_SITES } from '../../../../worker/storage/allowed-sites';
import { actContext, controlView } from '../actions/__fixtures__/act-context';
import type { ActionDeps } from '../actions/action-target';
import { INPUT_FAILURES, type InputSessions } from '../input/debugger-sessions';
import { executeJsTool, MAX_SCRIPT_RESULT_CHARS } from './execute-js.tool';

const PAGE = 'https://shop.example/cart';
const SHOP = 'https://shop.example/*';
const allowed: AccessFacts = {
  allowed: { always: [{ pattern: SHOP, since: 1, permission: 'requested' }] },
  browserOrigins: [SHOP],
  activeTabs: [],
  browser: 'chromium',
};

/** Deps whose tab session answers every command with `answer` (or never, for null). */
function depsAnswering(
  answer: ((method: string, params: Record<string, unknown>) => unknown) | null,
  options: { unavailable?: boolean; facts?: AccessFacts } = {},
) {
  const sent: { method: string; params: Record<string, unknown> }[] = [];
  const sessions: InputSessions = {
    session: async () =>
      options.unavailable
        ? { ok: false, failure: INPUT_FAILURES.unavailable }
        : {
            ok: true,
            session: {
              tabId: 1,
              children: () => [],
              onEvent: () => () => undefined,
              send: (method: string, params?: object) => {
                sent.push({ method, params: params as Record<string, unknown> });
                return answer === null
                  ? new Promise(() => undefined)
                  : Promise.resolve(answer(method, params as Record<string, unknown>));
              },
            },
          },
    release: async () => undefined,
  };
  const deps: ActionDeps = {
    sessions,
    accessFacts: async () => options.facts ?? allowed,
    tabUrl: async () => PAGE,
    settle: async () => undefined,
    watchNavigation: () => ({
      started: () => false,
      starts: async () => false,
      arrived: async () => null,
      stop: () => undefined,
    }),
  };
  return { deps, sent };
}

async function run(deps: ActionDeps, args: Record<string, unknown>): Promise<ToolOutcome> {
  const tool = executeJsTool(deps) as ToolDefinition<unknown>;
  const parsed = tool.parseArguments(args);
  if (!parsed.ok) throw new Error(parsed.message);
  return tool.execute(parsed.args, actContext({}).context);
}

const valueOf = (outcome: ToolOutcome) =>
  outcome.ok
    ? (outcome.result as { untrusted_page_content: { content: { value: string } } })
        .untrusted_page_content.content.value
    : null;

describe('execute_js', () => {
  it('always asks, and the card shows the exact code', async () => {
    const tool = executeJsTool({} as ActionDeps) as ToolDefinition<unknown>;
    const code = 'const rows = document.querySelectorAll("tr");\nrows.length';
    const { context } = actContext({
      'web/act-facts': () => ({ control: null, linkShown: false, url: PAGE }),
    });
    const parsed = tool.parseArguments({ code });
    if (!parsed.ok) throw new Error(parsed.message);
    const review = await tool.review!(parsed.args, context);
    expect(review).toMatchObject({
      ask: true,
      effect: 'Run a script on shop.example: const rows = document.querySelectorAll("tr");',
      grantKey: null,
      detail: code,
    });
    // Even when the page reports a harmless control in focus.
    const focused = actContext({
      'web/act-facts': () => ({ control: controlView(), linkShown: false, url: PAGE }),
    });
    expect((await tool.review!(parsed.args, focused.context)).ask).toBe(true);
  });

  it("runs the code in the page's world through the debugger and returns its value as page data", async () => {
    const { deps, sent } = depsAnswering(() => ({ result: { type: 'number', value: 3 } }));
    const outcome = await run(deps, { code: 'document.links.length' });
    expect(outcome).toMatchObject({ ok: true, summary: 'Ran the script' });
    expect(valueOf(outcome)).toBe('3');
    expect(
      (outcome as unknown as { result: { untrusted_page_content: { source: string } } }).result
        .untrusted_page_content.source,
    ).toBe(PAGE);
    expect(sent).toEqual([
      {
        method: 'Runtime.evaluate',
        params: {
          expression: 'document.links.length',
          replMode: true,
          awaitPromise: true,
          returnByValue: true,
          userGesture: false,
          timeout: 3_000,
        },
      },
    ]);
  });

  it('says undefined for no value, and cuts a long value with a marker', async () => {
    const undefinedValue = depsAnswering(() => ({ result: { type: 'undefined' } }));
    expect(valueOf(await run(undefinedValue.deps, { code: 'void 0' }))).toBe('undefined');
    const long = depsAnswering(() => ({ result: { type: 'string', value: 'x'.repeat(50_000) } }));
    const outcome = await run(long.deps, { code: '"x".repeat(50000)' });
    expect(valueOf(outcome)).toHaveLength(MAX_SCRIPT_RESULT_CHARS);
    expect((outcome as unknown as { result: { cut: string } }).result.cut).toContain(
      '50,002 characters',
    );
  });

  it('reports a thrown error and a terminated loop with their codes', async () => {
    const threw = depsAnswering(() => ({
      result: { type: 'object' },
      exceptionDetails: { text: 'Uncaught', exception: { description: 'TypeError: x is null' } },
    }));
    expect(await run(threw.deps, { code: 'x.y' })).toMatchObject({
      ok: false,
      code: 'SCRIPT_FAILED',
      message: 'The script threw: TypeError: x is null',
    });
    const loop = depsAnswering(() => ({
      exceptionDetails: {
        text: 'Uncaught',
        exception: { description: 'Execution was terminated' },
      },
    }));
    expect(await run(loop.deps, { code: 'for(;;){}', timeout_ms: 200 })).toMatchObject({
      ok: false,
      code: 'SCRIPT_TIMEOUT',
    });
  });

  it('stops waiting for a promise that never settles', async () => {
    const { deps } = depsAnswering(null);
    const started = Date.now();
    const outcome = await run(deps, { code: 'new Promise(() => {})', timeout_ms: 100 });
    expect(outcome).toMatchObject({ ok: false, code: 'SCRIPT_TIMEOUT' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('refuses a site the person has not allowed, and a browser without a debugger, in plain words', async () => {
    const notAllowed = depsAnswering(() => ({ result: { type: 'undefined' } }), {
      facts: { ...allowed, allowed: NO_ALLOWED_SITES, browserOrigins: [] },
    });
    expect(await run(notAllowed.deps, { code: '1' })).toMatchObject({
      ok: false,
      code: 'INPUT_NOT_ALLOWED',
    });
    expect(notAllowed.sent).toEqual([]);
    const firefox = depsAnswering(() => ({}), { unavailable: true });
    const outcome = await run(firefox.deps, { code: '1' });
    expect(outcome).toMatchObject({ ok: false, code: 'SITE_FEATURE_UNAVAILABLE' });
    expect((outcome as { message: string }).message).toContain('the script did not run');
  });

  it('refuses empty and oversized code before anything runs', () => {
    const tool = executeJsTool({} as ActionDeps);
    expect(tool.parseArguments({ code: '' }).ok).toBe(false);
    expect(tool.parseArguments({ code: 'x'.repeat(10_001) }).ok).toBe(false);
    expect(tool.parseArguments({ code: '1', timeout_ms: 60_000 }).ok).toBe(false);
  });
});
