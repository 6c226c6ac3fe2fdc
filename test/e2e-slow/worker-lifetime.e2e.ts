// The MV3 worker survives long waits of an active run, in a real Chromium whose
// test harness does NOT keep the worker alive: a model whose
// first byte arrives after 45 s, and an Ask-mode edit review that stays pending
// for over 4 minutes before the person applies it.
// ## Why Puppeteer with a target filter, and pings suppressed
// A DevTools session attached to the worker keeps it alive (Chromium does not idle
// out a worker under inspection), and Playwright attaches to every service worker. Puppeteer's
// `targetFilter` never attaches to the worker, so Chrome's 30 s idle timer runs as
// for a user. The panel page's own 20 s port pings would also keep it alive, so
// they are dropped here: what must keep the worker alive is the agent core's own
// keep-alive lease. A control step first shows the worker does idle out, with the
// same typst.app editor tab and panel page open.
// ## What "4 minutes pending" is shown with
// A real approval: https://typst.app/project/p1 serves a real CodeMirror 6 editor
// with a breadcrumb identity (test/support/fixture-pages.ts), the scripted model's
// first turn calls `replace_lines` on it and the run starts in Ask mode, so the
// worker sends a `run/pending` edit review and waits. The test waits 4 minutes and
// 20 s without touching the worker (the interaction timeout is 5 minutes), checks
// the worker instance is unchanged and the document untouched, then resolves
// `apply`: the run ends `done`, the document changed exactly as reviewed, and the
// receipt says reviewedDiff.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CHROME_BUILD, CHROMIUM_PATH } from '../support/extension-browser';
import { startHttpsSite, type HttpsSite } from '../support/https-site';
import { codemirrorBundle, editorPageHtml } from '../support/fixture-pages';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { collectPanelEvents, createRunDriver, type RunDriver } from '../support/run-driver';

let site: HttpsSite;
let models: ModelServer;
let proxy: CorsProxy;
let browser: Browser;
let panel: Page;
let tab: Page;
let driver: RunDriver;
let userDataDir: string;

// The document the review edits, and what `replace_lines` 3..3 makes of it.
const FILE = 'chapters/intro.typ';
const TEXT = '= Introduction\n\nA first draft of the opening paragraph.\nIt ends here.\n';
const EDIT = {
  start_line: 3,
  end_line: 3,
  new_content: 'A revised opening paragraph, approved after a long look.',
};
const EDITED =
  '= Introduction\n\nA revised opening paragraph, approved after a long look.\nIt ends here.\n';
/** Minimum time the edit review stays pending; the worker's interaction timeout is 5 minutes. */
const PENDING_MS = 4 * 60_000 + 20_000;

const instanceOf = async () =>
  ((await driver.send({ type: 'system/ping', payload: {} })).data as { instanceId: string })
    .instanceId;

beforeAll(async () => {
  const script = await codemirrorBundle();
  site = await startHttpsSite((url) => {
    if (url.pathname === '/__fixture/codemirror.js')
      return { type: 'text/javascript', body: script };
    if (url.pathname.startsWith('/project/'))
      return {
        type: 'text/html',
        body: editorPageHtml({ project: 'Thesis', path: FILE, text: TEXT }),
      };
    return undefined;
  });
  models = await startModelServer({
    scenario: {
      name: 'first-byte-45s',
      turns: [{ firstByteDelayMs: 45_000, steps: [{ text: 'Late but here.' }] }],
    },
    scenarios: [
      {
        name: 'review-4-minutes',
        turns: [
          {
            steps: [
              { text: 'I will revise the opening paragraph.' },
              { toolCall: { id: 'call_revise', name: 'replace_lines', arguments: EDIT } },
            ],
          },
          { steps: [{ text: 'Revised line 3.' }] },
        ],
      },
    ],
  });
  proxy = await startCorsProxy(models.port);
  userDataDir = mkdtempSync(path.join(os.tmpdir(), 'side-agent-slow-'));
  browser = await puppeteer.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    pipe: true,
    enableExtensions: true,
    userDataDir,
    acceptInsecureCerts: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      `--host-resolver-rules=MAP typst.app 127.0.0.1:${site.port}, EXCLUDE 127.0.0.1, MAP * ~NOTFOUND`,
      '--ignore-certificate-errors',
    ],
    // Never attach to the service worker: an attached debugger keeps it alive.
    targetFilter: (target) => target.type() !== 'service_worker',
  });
  const extensionId = await browser.installExtension(CHROME_BUILD);
  tab = await browser.newPage();
  await tab.goto('https://typst.app/project/p1');
  await tab.waitForFunction(
    () => document.documentElement.dataset['sideAgentBridge'] === 'connected',
    { timeout: 20_000 },
  );
  panel = await browser.newPage();
  // Drop the panel's keep-alive pings; everything else goes through unchanged.
  await panel.evaluateOnNewDocument(() => {
    const connect = chrome.runtime.connect.bind(chrome.runtime) as (
      info: chrome.runtime.ConnectInfo,
    ) => chrome.runtime.Port;
    (chrome.runtime as { connect: unknown }).connect = (info: chrome.runtime.ConnectInfo) => {
      const port = connect(info);
      const post = port.postMessage.bind(port);
      port.postMessage = (message: unknown) => {
        if ((message as { type?: string } | null)?.type !== 'ping') post(message);
      };
      return port;
    };
  });
  await panel.goto(`chrome-extension://${extensionId}/sidepanel.html`);
  const tabId = (await panel.evaluate(
    async () => (await chrome.tabs.query({ url: 'https://typst.app/*' }))[0]?.id,
  )) as number;
  await collectPanelEvents(panel as never);
  driver = createRunDriver(panel as never, {
    tabId,
    scope: { siteId: 'typst', projectId: 'p1' },
    baseUrl: proxy.baseUrl,
  });
});

afterAll(async () => {
  await browser?.close();
  await proxy?.close();
  await models?.close();
  await site?.close();
  if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('worker lifetime during long waits', () => {
  it('control: with no run active this harness lets the worker idle out', async () => {
    const before = await instanceOf();
    await sleep(45_000);
    expect(await instanceOf()).not.toBe(before);
  });

  it('a model whose first byte arrives after 45 s completes in the same worker', async () => {
    const modelId = await driver.saveModel('first-byte-45s');
    const { runId } = await driver.start(modelId, 'Answer slowly.');
    const instance = await instanceOf();
    const end = await driver.waitForEnd(runId, 120_000);
    expect(end.payload).toMatchObject({ status: 'done' });
    expect(await driver.streamedText(runId, 'text')).toBe('Late but here.');
    expect(await instanceOf()).toBe(instance);
  });

  it('an edit review that stays pending for over 4 minutes is applied in the same worker', async () => {
    const modelId = await driver.saveModel('review-4-minutes');
    const { runId } = await driver.start(modelId, 'Revise the opening paragraph.', 'ask');
    const instance = await instanceOf();
    const pending = await driver.waitForPending(runId, 60_000);
    expect(pending).toMatchObject({
      kind: 'edit-review',
      name: 'replace_lines',
      diff: { fileLabel: FILE, additions: 1, deletions: 1 },
    });
    const reviewed = (
      pending['diff'] as { hunks: { rows: { kind: string; text: string }[] }[] }
    ).hunks
      .flatMap((hunk) => hunk.rows)
      .filter((row) => row.kind !== 'context');
    expect(reviewed).toEqual([
      expect.objectContaining({ kind: 'delete', text: 'A first draft of the opening paragraph.' }),
      expect.objectContaining({ kind: 'insert', text: EDIT.new_content }),
    ]);
    const pendingSince = Date.now();

    // Nothing here talks to the worker: only the agent core's keep-alive lease can hold it.
    await sleep(PENDING_MS);
    expect(await instanceOf()).toBe(instance);
    expect(await tab.evaluate(() => window.__fixture.getText())).toBe(TEXT);
    expect((await driver.eventsOf(runId)).some((event) => event.type === 'run/end')).toBe(false);

    const resolved = await driver.resolve(runId, pending['callId'] as string, 'apply');
    expect(resolved.ok).toBe(true);
    const end = await driver.waitForEnd(runId, 60_000);
    expect(Date.now() - pendingSince).toBeGreaterThan(240_000);
    expect(end.payload).toMatchObject({ status: 'done' });
    expect(await tab.evaluate(() => window.__fixture.getText())).toBe(EDITED);
    const receipts = (await driver.eventsOf(runId)).filter(
      (event) => event.type === 'run/tool-status' && event.payload['receipt'],
    );
    expect(receipts.map((event) => event.payload)).toEqual([
      expect.objectContaining({
        name: 'replace_lines',
        status: 'done',
        receipt: expect.objectContaining({ fileLabel: FILE, reviewedDiff: true }),
      }),
    ]);
    expect(await driver.streamedText(runId, 'text')).toBe(
      'I will revise the opening paragraph.Revised line 3.',
    );
    // The model's second round saw the applied, reviewed edit.
    const toolResult = JSON.stringify(
      models.requests.filter((request) => request.scenario === 'review-4-minutes').at(-1)?.body,
    );
    expect(toolResult).toContain('reviewed_diff');
    expect(await instanceOf()).toBe(instance);
  });
});
