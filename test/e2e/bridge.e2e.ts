// The page bridge end to end in real Chromium: panel -> worker -> isolated relay ->
// MAIN runtime -> a real CodeMirror 6 editor, and back, validated at each hop; a cold
// worker start; a new isolated context after an extension reload; a MAIN runtime
// replaced by a newer one without a page reload; and a hostile page that forges
// bridge frames, floods `init`, plants look-alike hosts and fakes announcements.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  launchExtensionBrowser,
  REPO_ROOT,
  type ExtensionBrowser,
} from '../support/extension-browser';
import { startHttpsSite, type HttpsSite } from '../support/https-site';
import { codemirrorBundle, editorPageHtml } from '../support/fixture-pages';
import { openRealSidePanel } from '../support/real-side-panel';

const TEXT =
  '= Introduction\n\nHello *Typst* with emoji 😀 and math $x^2$.\n<img src=x onerror="window.__pwned=1">\n';
let site: HttpsSite;
let harness: ExtensionBrowser;

let projectCounter = 0;

async function openTypstTab(): Promise<{ page: Page; tabId: number }> {
  const page = await harness.context.newPage();
  projectCounter += 1;
  await page.goto(`https://typst.app/project/p${projectCounter}`);
  await page.waitForFunction(
    () => document.documentElement.dataset['sideAgentBridge'] === 'connected',
    null,
    { timeout: 10_000 },
  );
  return { page, tabId: await harness.tabIdOf(page) };
}

const send = (panel: Page, message: unknown) =>
  panel.evaluate((envelope) => chrome.runtime.sendMessage(envelope), message);

/** The editor's whole text, read through the panel, the worker, the relay and the MAIN runtime. */
async function readEditor(panel: Page, page: Page, tabId: number) {
  await page.evaluate(() => window.__fixture.selectAll());
  return (await send(panel, {
    type: 'context/read-selection',
    requestId: `sel-${Date.now()}-${Math.random()}`,
    payload: { tabId },
  })) as {
    ok: boolean;
    data: { text: string; fileLabel: string } | null;
    error?: { code: string };
  };
}

type RuntimeStats = { handshakes: number; refused: Record<string, number> };
const runtimeStats = (page: Page) =>
  page.evaluate(
    () =>
      (window as unknown as Record<symbol, { stats(): RuntimeStats } | undefined>)[
        Symbol.for('side-agent.main-runtime')
      ]?.stats() ?? null,
  );

beforeAll(async () => {
  const script = await codemirrorBundle();
  site = await startHttpsSite((url) => {
    if (url.pathname === '/__fixture/codemirror.js')
      return { type: 'text/javascript', body: script };
    if (url.pathname.startsWith('/project/'))
      return {
        type: 'text/html',
        body: editorPageHtml({ project: 'Thesis', path: 'chapters/intro.typ', text: TEXT }),
      };
    return undefined;
  });
  harness = await launchExtensionBrowser({ typstPort: site.port });
  await harness.waitForStartup();
});

afterAll(async () => {
  await harness?.close();
  await site?.close();
});

describe('page bridge end to end', () => {
  it('reads the live editor text from the panel through worker, relay and MAIN world', async () => {
    const { page, tabId } = await openTypstTab();
    await page.evaluate(() =>
      window.__fixture.setText(window.__fixture.getText() + 'typed later\n'),
    );
    const panel = await harness.openPanelTab(tabId);
    const context = (await send(panel, {
      type: 'page/get-context',
      requestId: 'r-1',
      payload: { tabId },
    })) as { ok: boolean; data: { siteId: string; documentId: string; url: string } };
    expect(context.ok).toBe(true);
    expect(context.data).toMatchObject({
      siteId: 'typst',
      url: expect.stringContaining('/project/'),
    });
    expect(context.data.documentId).toMatch(/^[A-Za-z0-9._:-]+$/);
    const read = await readEditor(panel, page, tabId);
    expect(read.ok).toBe(true);
    expect(read.data).toEqual({ text: TEXT + 'typed later\n', fileLabel: 'chapters/intro.typ' });
    const identity = (await send(panel, {
      type: 'context/read-identity',
      requestId: 'r-2',
      payload: { tabId },
    })) as {
      ok: boolean;
      data: { file: { path: string }; selection: { anchor: number; head: number } };
    };
    expect(identity.data.file.path).toBe('chapters/intro.typ');
    expect(identity.data.selection).toEqual({ anchor: 0, head: (TEXT + 'typed later\n').length });
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await panel.close();
    await page.close();
  });

  it('cold-starts a stopped worker on the next request and still reaches the page', async () => {
    const { page, tabId } = await openTypstTab();
    const first = await harness.openPanelTab(tabId);
    const before = (await send(first, { type: 'system/ping', requestId: 'p-1', payload: {} })) as {
      data: { instanceId: string };
    };
    // An open panel reconnects its event port at once and would wake the worker
    // again, so it is closed first; the request below comes from a new panel.
    await first.close();
    await harness.stopWorker();
    expect(await harness.workerTargets()).toHaveLength(0);
    const panel = await harness.openPanelTab(tabId);
    const after = (await send(panel, { type: 'system/ping', requestId: 'p-2', payload: {} })) as {
      data: { instanceId: string };
    };
    expect(after.data.instanceId).not.toBe(before.data.instanceId);
    const read = await readEditor(panel, page, tabId);
    expect(read.ok).toBe(true);
    expect(read.data?.text).toBe(TEXT);
    await panel.close();
    await page.close();
  });
  it('refuses malformed panel messages in the real worker with distinct codes', async () => {
    const panel = await harness.openPanelTab();
    const codeOf = async (message: unknown) =>
      ((await send(panel, message)) as { error?: { code: string } }).error?.code;
    expect(await codeOf({ type: 'nope/nope', requestId: 'b1', payload: {} })).toBe(
      'UNKNOWN_MESSAGE_TYPE',
    );
    expect(
      await codeOf({
        type: 'page/get-context',
        requestId: 'b2',
        payload: { tabId: 1, extra: true },
      }),
    ).toBe('UNKNOWN_PAYLOAD_FIELD');
    expect(await codeOf({ type: 'page/get-context', requestId: 'b3', payload: {} })).toBe(
      'MISSING_PAYLOAD_FIELD',
    );
    expect(
      await codeOf({ type: 'page/get-context', requestId: 'b4', payload: { tabId: 'one' } }),
    ).toBe('INVALID_PAYLOAD_FIELD');
    expect(
      await codeOf({ type: 'system/ping', requestId: 'b5', runId: 'run-1', payload: {} }),
    ).toBe('UNEXPECTED_RUN_ID');
    expect(await codeOf({ type: 'system/ping', payload: {} })).toBe('MISSING_REQUEST_ID');
    expect(await codeOf({ type: 'system/ping', requestId: 'b6', payload: {}, sneaky: 1 })).toBe(
      'INVALID_ENVELOPE',
    );
    await panel.close();
  });

  it('keeps the bridge private from a hostile page: forged frames, init floods, look-alike hosts, fake announcements', async () => {
    const { page, tabId } = await openTypstTab();
    const panel = await harness.openPanelTab(tabId);
    const refusedBefore = await runtimeStats(page);
    await page.evaluate(() => {
      const seen: unknown[] = [];
      (window as unknown as { __seen: unknown[] }).__seen = seen;
      // Everything a page can listen to: window messages and events on window and <html>.
      addEventListener('message', (event) => seen.push(event.data));
      for (const type of ['side-agent:to-main', 'side-agent:to-isolated'])
        for (const target of [window, document, document.documentElement])
          target.addEventListener(type, (event) => seen.push((event as CustomEvent).detail), true);
      // More forged inits than the runtime remembers relays, and frames of every kind.
      const forge = (frame: object) => postMessage({ source: 'side-agent-bridge', ...frame }, '*');
      for (let index = 0; index < 40; index += 1) forge({ kind: 'init', nonce: `forged-${index}` });
      forge({
        kind: 'request',
        nonce: 'forged-0',
        requestId: 'x1',
        envelope: { type: 'page/echo', requestId: 'x1', payload: { text: 'forged' } },
      });
      forge({ kind: 'ready', nonce: 'forged-0', runtimeVersion: 99 });
      // A look-alike host after ours, and an announcement that a runtime arrived.
      const fake = document.createElement('side-agent-bridge');
      const root = fake.attachShadow({ mode: 'closed' });
      const port = document.createElement('span');
      port.addEventListener('side-agent:to-main', (event) =>
        seen.push(['look-alike got', (event as CustomEvent).detail]),
      );
      root.append(port);
      document.documentElement.append(fake);
      dispatchEvent(new CustomEvent('side-agent:runtime', { detail: '99' }));
    });
    const read = await readEditor(panel, page, tabId);
    expect(read.ok).toBe(true);
    expect(read.data?.text).toBe(TEXT);
    const again = await readEditor(panel, page, tabId);
    expect(again.data?.text).toBe(TEXT);
    // The page saw nothing of the genuine traffic, and its look-alike got no frame.
    const seen = await page.evaluate(() => (window as unknown as { __seen: unknown[] }).__seen);
    expect(JSON.stringify(seen)).not.toContain(TEXT.slice(0, 12));
    expect(JSON.stringify(seen)).not.toContain('look-alike got');
    expect(JSON.stringify(seen)).not.toContain('context/read-selection');
    // The forged frames never reached the runtime (no new refusals were even needed).
    expect(await runtimeStats(page)).toMatchObject({ refused: refusedBefore?.refused ?? {} });
    await panel.close();
    await page.close();
  });

  it('shakes hands with a newer MAIN runtime that replaces the old one without a page reload', async () => {
    const { page, tabId } = await openTypstTab();
    await page.evaluate(() => ((window as unknown as { __loadMarker: number }).__loadMarker = 7));
    // As an update that bumps the runtime's version: the running one becomes "older",
    // so the runtime the updated extension injects disposes it and takes over.
    await page.evaluate(() => {
      const runtime = (window as unknown as Record<symbol, { version: number }>)[
        Symbol.for('side-agent.main-runtime')
      ];
      if (runtime) runtime.version -= 1;
    });
    await harness.reloadExtension();
    await harness.waitForStartup();
    const panel = await harness.openPanelTab(tabId);
    const read = await readEditor(panel, page, tabId);
    expect(read.ok, JSON.stringify(read.error)).toBe(true);
    expect(read.data?.text).toBe(TEXT);
    expect(
      await page.evaluate(() => (window as unknown as { __loadMarker?: number }).__loadMarker),
    ).toBe(7);
    await panel.close();
    await page.close();
  });

  it('serves the typst project in the real side panel', async () => {
    const { page } = await openTypstTab();
    const sidePanel = await openRealSidePanel(harness, page);
    // On a typst.app project the site gate disappears and the composer is enabled.
    await expect
      .poll(() =>
        sidePanel.evaluate<boolean>(
          "!document.querySelector('[data-testid=site]') && document.querySelector('textarea')?.disabled === false",
        ),
      )
      .toBe(true);
    const outDir = path.join(REPO_ROOT, 'test-results');
    mkdirSync(outDir, { recursive: true });
    writeFileSync(path.join(outDir, 'side-panel-foundation.png'), await sidePanel.screenshot());
    await sidePanel.detach();
    await page.close();
  });

  it('lets a new isolated context handshake with the existing MAIN runtime after an extension reload', async () => {
    const { page, tabId } = await openTypstTab();
    await page.evaluate(() => ((window as unknown as { __loadMarker: number }).__loadMarker = 42));
    await harness.reloadExtension();
    await harness.waitForStartup();
    const panel = await harness.openPanelTab(tabId);
    await expect
      .poll(async () => (await readEditor(panel, page, tabId)).data?.text, { timeout: 10_000 })
      .toBe(TEXT);
    const state = await page.evaluate(() => ({
      marker: (window as unknown as { __loadMarker?: number }).__loadMarker,
      handshakes: (window as unknown as Record<symbol, { stats(): { handshakes: number } }>)[
        Symbol.for('side-agent.main-runtime')
      ]?.stats().handshakes,
    }));
    expect(state.marker).toBe(42);
    expect(state.handshakes).toBeGreaterThanOrEqual(2);
    await panel.close();
    await page.close();
  });
});
