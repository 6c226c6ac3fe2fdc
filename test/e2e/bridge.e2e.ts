// The foundation's end-to-end path in real Chromium: panel -> worker -> isolated
// relay -> MAIN runtime -> a real CodeMirror 6 editor, and back, validated at each
// hop; then a cold worker start, a new isolated context after an extension reload,
// and a hostile page posting forged bridge frames.
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
    const result = (await send(panel, {
      type: 'page/get-context',
      requestId: 'r-1',
      payload: { tabId },
    })) as {
      ok: boolean;
      data: { editor: { text: string; backReference: string }; fileLabel: string; siteId: string };
    };
    expect(result.ok).toBe(true);
    expect(result.data.siteId).toBe('typst');
    expect(result.data.fileLabel).toBe('chapters/intro.typ');
    expect(result.data.editor.text).toBe(TEXT + 'typed later\n');
    expect(result.data.editor.backReference).toBe('cmTile');
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
    const read = (await send(panel, {
      type: 'page/get-context',
      requestId: 'r-2',
      payload: { tabId },
    })) as { ok: boolean; data: { editor: { text: string } } };
    expect(read.ok).toBe(true);
    expect(read.data.editor.text).toBe(TEXT);
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

  it('ignores forged bridge frames from a hostile page and keeps answering the worker', async () => {
    const { page, tabId } = await openTypstTab();
    // The hostile page records every bridge frame it can see and forges some.
    await page.evaluate(() => {
      const seen: unknown[] = [];
      (window as unknown as { __seen: unknown[] }).__seen = seen;
      addEventListener('message', (event) => {
        if ((event.data as { source?: string })?.source === 'side-agent-bridge')
          seen.push(event.data);
      });
      const forge = (frame: object) => postMessage({ source: 'side-agent-bridge', ...frame }, '*');
      forge({ kind: 'init', nonce: 'not-a-relay' });
      forge({
        kind: 'request',
        nonce: 'forged-nonce',
        requestId: 'x1',
        envelope: { type: 'page/get-context', requestId: 'x1', payload: {} },
      });
      forge({
        kind: 'response',
        nonce: 'forged-nonce',
        requestId: 'x2',
        response: { ok: true, data: { text: 'spoof' } },
      });
      forge({ kind: 'ready', nonce: 'forged-nonce', runtimeVersion: 99 });
    });
    const panel = await harness.openPanelTab(tabId);
    const echo = (await send(panel, {
      type: 'page/echo',
      requestId: 'e-1',
      payload: { text: 'genuine' },
    })) as { ok: boolean; data: { text: string } };
    // page/echo is not a panel method: the panel cannot reach page methods directly.
    expect(echo.ok).toBe(false);
    const read = (await send(panel, {
      type: 'page/get-context',
      requestId: 'r-3',
      payload: { tabId },
    })) as { ok: boolean; data: { editor: { text: string } } };
    expect(read.ok).toBe(true);
    expect(read.data.editor.text).toBe(TEXT);
    // Replay the genuine request the page sniffed: the MAIN runtime refuses it.
    const refused = await page.evaluate(async () => {
      const frames = (window as unknown as { __seen: Array<{ kind: string; nonce: string }> })
        .__seen;
      const request = frames.find(
        (frame) => frame.kind === 'request' && frame.nonce !== 'forged-nonce',
      );
      const before = frames.filter((frame) => frame.kind === 'response').length;
      postMessage(request, '*');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const runtime = (
        window as unknown as Record<symbol, { stats(): { refused: Record<string, number> } }>
      )[Symbol.for('side-agent.main-runtime')];
      return {
        stats: runtime?.stats().refused,
        newResponses: frames.filter((frame) => frame.kind === 'response').length - before,
      };
    });
    expect(refused.stats?.['DUPLICATE_REQUEST_ID']).toBeGreaterThanOrEqual(1);
    expect(refused.stats?.['UNKNOWN_NONCE']).toBeGreaterThanOrEqual(1);
    expect(refused.newResponses).toBe(0);
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
      .poll(
        async () =>
          (
            (await send(panel, {
              type: 'page/get-context',
              requestId: `r-${Date.now()}`,
              payload: { tabId },
            })) as { ok: boolean }
          ).ok,
        { timeout: 10_000 },
      )
      .toBe(true);
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
