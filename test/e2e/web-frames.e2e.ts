// The web face's bridge on an allowed page: the relay runs in every frame (same-origin,
// cross-origin, srcdoc, about:blank), answers for its own document only, and each
// frame's isolated part belongs to the web site, not to the site of the frame's host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchWebBrowser, type WebBrowser } from '../support/web-browser';
import { startWebPages, type WebPages } from '../support/web-pages';

let pages: WebPages;
let browser: WebBrowser;

const TOP = `<!doctype html><title>Shop</title><h1>Shop</h1>
<iframe id="same" src="/inner"></iframe>
<iframe id="cross" src="https://cdn.shop-assets.example/widget"></iframe>
<iframe id="doc" srcdoc="<p>srcdoc frame</p>"></iframe>
<iframe id="blank"></iframe>
<script>document.getElementById('blank').contentDocument.body.innerHTML = '<p>blank frame</p>';</script>`;

beforeAll(async () => {
  pages = await startWebPages({
    'shop.example': { '/': TOP, '/inner': '<!doctype html><p>inner frame</p>' },
    'cdn.shop-assets.example': { '/widget': '<!doctype html><p>widget frame</p>' },
  });
  browser = await launchWebBrowser(pages);
});

afterAll(async () => {
  await browser?.close();
  await pages?.close();
});

/** page/get-context as the worker sends it, to every frame of the tab. */
async function contextOfEveryFrame(page: Page) {
  const tabId = await browser.tabIdOf(page);
  const worker = await browser.worker();
  return worker.evaluate(async (id) => {
    const frames = await chrome.scripting.executeScript({
      target: { tabId: id, allFrames: true },
      func: () => location.href,
    });
    return Promise.all(
      frames.map(async (frame) => ({
        frameId: frame.frameId,
        href: frame.result as string,
        answer: (await chrome.tabs.sendMessage(
          id,
          {
            bridge: 'side-agent-bridge',
            envelope: { type: 'page/get-context', requestId: `r-${frame.frameId}`, payload: {} },
          },
          { frameId: frame.frameId },
        )) as { ok: boolean; data?: { siteId: string | null; documentId: string } },
      })),
    );
  }, tabId);
}

describe('web bridge in every frame', () => {
  it('starts the relay in the top frame and in same-origin, cross-origin, srcdoc and blank frames', async () => {
    const page = await browser.open('shop.example');
    await browser.injectBridge(page);
    const frames = await contextOfEveryFrame(page);
    expect(frames).toHaveLength(5);
    for (const frame of frames) {
      expect(frame.answer, frame.href).toMatchObject({ ok: true, data: { siteId: 'web' } });
    }
    const ids = new Set(frames.map((frame) => frame.answer.data?.documentId));
    expect(ids.size).toBe(5);
    expect(frames.map((frame) => frame.href).sort()).toEqual(
      [
        'about:blank',
        'about:srcdoc',
        'https://cdn.shop-assets.example/widget',
        'https://shop.example/',
        'https://shop.example/inner',
      ].sort(),
    );
  });
});
