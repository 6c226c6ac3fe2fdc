// Runs the shipped action tools (click, type, press_keys) against a page in real
// Chromium without the extension: page requests go to the act handlers bundled into
// the page (act-harness-entry.ts), and the debugger API is a CDP session on that page,
// so every event the page sees is real, trusted browser input.
import { build } from 'esbuild';
import path from 'node:path';
import type { CDPSession, Page, Request } from 'playwright-core';
import type { DebuggerApi } from '../../../src/sites/web/worker/input/debugger-api';
import { createInputSessions } from '../../../src/sites/web/worker/input/debugger-sessions';
import { hostPatternOf } from '../../../src/worker/site-access/host-patterns';
import type { ActionDeps } from '../../../src/sites/web/worker/actions/action-target';
import type { ToolOutcome, ToolRunContext } from '../../../src/worker/tools/define-tool';
import { clickTool } from '../../../src/sites/web/worker/actions/click.tool';
import { typeTool } from '../../../src/sites/web/worker/actions/type.tool';
import { pressKeysTool } from '../../../src/sites/web/worker/actions/press-keys.tool';
import { setCheckedTool } from '../../../src/sites/web/worker/actions/set-checked.tool';
import { hoverTool } from '../../../src/sites/web/worker/actions/hover.tool';
import { setFieldTool } from '../../../src/sites/web/worker/actions/set-field.tool';
import { selectOptionTool } from '../../../src/sites/web/worker/actions/select-option.tool';
import { REPO_ROOT } from '../extension-browser';

let bundle: Promise<string> | null = null;

function harnessBundle(): Promise<string> {
  bundle ??= build({
    entryPoints: [path.join(REPO_ROOT, 'test/support/web-input/act-harness-entry.ts')],
    bundle: true,
    format: 'iife',
    write: false,
    target: 'es2022',
    logLevel: 'error',
  }).then((result) => result.outputFiles[0]?.text ?? '');
  return bundle;
}

/** Adds the act handlers to `page` (once per document). */
export async function addActHarness(page: Page): Promise<void> {
  await page.addScriptTag({ content: await harnessBundle() });
}

/** The ref the page's registry gives the element `selector` finds, as the model writes it. */
export async function refOf(page: Page, selector: string): Promise<string> {
  const number = await page.evaluate(
    (css) => (globalThis as any).__act.refOf(css) as number,
    selector,
  );
  return `e${number}`;
}

/** The debugger API over one CDP session of the page (commands only; the tab is the page). */
function cdpDebugger(cdp: CDPSession, log: string[]): DebuggerApi {
  return {
    attach: () => (log.push('attach'), Promise.resolve()),
    detach: () => (log.push('detach'), Promise.resolve()),
    sendCommand: (_target, method, params) => {
      log.push(method);
      return cdp.send(method as never, params as never) as Promise<unknown>;
    },
    getTargets: () => Promise.resolve([]),
    onEvent: { addListener: () => undefined },
    onDetach: { addListener: () => undefined },
  };
}

export interface ActHarness {
  readonly log: string[];
  /** How often a tool moved the run on to a new document. */
  readonly followed: () => number;
  run(
    tool: 'click' | 'type' | 'press_keys' | 'set_checked' | 'hover' | 'set_field' | 'select_option',
    args: Record<string, unknown>,
  ): Promise<ToolOutcome>;
}

/** The three tools on `page`, as one run; `granted` decides the site check. */
export async function actHarness(page: Page, granted = true, settleMs = 60): Promise<ActHarness> {
  const cdp = await page.context().newCDPSession(page);
  const log: string[] = [];
  // The site the page showed when the harness started is the one the person allowed.
  const allowed = hostPatternOf(page.url()) ?? '';
  const deps: ActionDeps = {
    sessions: createInputSessions({
      api: cdpDebugger(cdp, log),
      tabExists: () => Promise.resolve(!page.isClosed()),
    }),
    // The person allowed the page's site Always, or nothing at all.
    accessFacts: () =>
      Promise.resolve({
        allowed: {
          always: granted ? [{ pattern: allowed, since: 1, permission: 'requested' }] : [],
        },
        browserOrigins: granted ? [allowed] : [],
        activeTabs: [],
        browser: 'chromium',
      }),
    tabUrl: () => Promise.resolve(page.isClosed() ? undefined : page.url()),
    settle: () => new Promise((resolve) => setTimeout(resolve, settleMs)),
    // A navigation request of the top frame is a new document on its way.
    watchNavigation: () => {
      let loading = false;
      const seen = (request: Request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) loading = true;
      };
      page.on('request', seen);
      return {
        started: () => loading,
        starts: async (ms: number) => {
          const until = Date.now() + ms;
          while (!loading && Date.now() < until) await new Promise((go) => setTimeout(go, 20));
          return loading;
        },
        stop: () => void page.off('request', seen),
        arrived: async () => {
          try {
            await page.waitForLoadState('load', { timeout: 15_000 });
            return page.url();
          } catch {
            return null;
          }
        },
      };
    },
  };
  // The new document has no act handlers until the harness adds them again.
  let followed = false;
  let follows = 0;
  const followNavigation = () => {
    followed = true;
    follows += 1;
  };
  const tools = {
    click: clickTool(deps),
    type: typeTool(deps),
    press_keys: pressKeysTool(deps),
    set_checked: setCheckedTool(deps),
    hover: hoverTool(deps),
    set_field: setFieldTool(deps),
    select_option: selectOptionTool(deps),
  };
  const controller = new AbortController();
  const context = {
    runId: 'harness-run',
    callId: 'call',
    signal: controller.signal,
    identity: { tabId: 1, scope: { siteId: 'web', projectId: new URL(page.url()).origin } },
    page: {
      tabId: 1,
      followNavigation,
      request: async (method: string, payload: unknown) => {
        try {
          if (followed) {
            followed = false;
            await addActHarness(page);
          }
          const data = await page.evaluate(
            ([name, body]) => (globalThis as any).__act.request(name, body),
            [method, payload] as const,
          );
          return { ok: true, data };
        } catch (error) {
          return { ok: false, error: { code: 'PAGE_UNAVAILABLE', message: String(error) } };
        }
      },
    },
  } as unknown as ToolRunContext;
  return {
    log,
    followed: () => follows,
    async run(name, args) {
      const tool = tools[name];
      const parsed = tool.parseArguments(args);
      if (!parsed.ok) throw new Error(parsed.message);
      return tool.execute(parsed.args as never, context);
    },
  };
}
