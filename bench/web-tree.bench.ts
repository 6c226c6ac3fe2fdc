// The page tree's cost in real Chromium with the built extension (`npx wxt build`
// first): a generated page of about 21,600 elements (the big-page fixture, with open
// and closed shadow hosts, a same-origin and a cross-origin frame). Each figure is
// end to end through the bridge: the worker sends `web/tree-walk` to the top frame's
// relay, then to every child frame's relay at once (as get_accessibility_tree does),
// and the time runs until the last answer is back in the worker. Prints the first
// observation (viewport, budgeted), a full walk, and the interactive filter, with
// the size of each in characters.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { bigFrameHtml, bigPageHtml } from '../test/support/web-fixtures/big-page';
import { launchWebBrowser } from '../test/support/web-browser';
import { startWebPages } from '../test/support/web-pages';

const RUNS = 9;

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))] ?? 0;
  return { median: at(0.5), p90: at(0.9), first: values[0] ?? 0 };
}

if (!existsSync(path.join(process.cwd(), '.output/chrome-mv3/manifest.json'))) {
  console.error('web tree bench: build the extension first (npx wxt build).');
  process.exit(1);
}

const pages = await startWebPages({
  'shop.example': {
    '/': bigPageHtml({
      frames: ['/frame', 'https://cdn.shop-assets.example/frame'],
    }),
    '/frame': bigFrameHtml('Same-origin frame'),
  },
  'cdn.shop-assets.example': { '/frame': bigFrameHtml('Cross-origin frame') },
});
const browser = await launchWebBrowser(pages);
try {
  const page = await browser.open('shop.example');
  await browser.injectBridge(page);
  const elements = await page.evaluate(() => {
    let count = document.getElementsByTagName('*').length;
    for (const host of document.querySelectorAll('.host-open'))
      count += host.shadowRoot?.querySelectorAll('*').length ?? 0;
    for (const frame of document.querySelectorAll('iframe'))
      count += frame.contentDocument?.getElementsByTagName('*').length ?? 0;
    return count;
  });
  const tabId = await browser.tabIdOf(page);
  const worker = await browser.worker();
  const measure = (filter: string, maxChars: number) =>
    worker.evaluate(
      async ({ tabId, filter, maxChars }) => {
        let sequence = 0;
        const walk = async (frameId: number, refPrefix: string) => {
          const answer = (await chrome.tabs.sendMessage(
            tabId,
            {
              bridge: 'side-agent-bridge',
              envelope: {
                type: 'web/tree-walk',
                requestId: `bench-${Date.now()}-${(sequence += 1)}`,
                payload: { filter, root: null, maxChars, refPrefix },
              },
            },
            { frameId },
          )) as { ok: boolean; data?: { text: string; frames: unknown[]; walkMs: number } };
          if (!answer?.ok || !answer.data)
            throw new Error(`frame ${frameId}: ${String(JSON.stringify(answer)).slice(0, 300)}`);
          return answer.data;
        };
        const frames = await chrome.scripting.executeScript({
          target: { tabId, allFrames: true },
          func: () => 0,
        });
        const started = performance.now();
        const top = await walk(0, '');
        let chars = top.text.length;
        if (top.frames.length > 0) {
          const children = await Promise.all(
            frames
              .filter((frame) => frame.frameId !== 0)
              .map((frame, index) => walk(frame.frameId, `f${index + 1}:`)),
          );
          for (const child of children) chars += child.text.length;
        }
        return { ms: performance.now() - started, chars, pageMs: top.walkMs };
      },
      { tabId, filter, maxChars },
    );
  console.log(`web tree page: ${elements} elements (top document, open shadow roots, 2 frames)`);
  for (const [label, filter, maxChars] of [
    ['first observation (visible, viewport-first)', 'visible', 40_000],
    ['full walk (all)', 'all', 2_000_000],
    ['interactive', 'interactive', 2_000_000],
  ] as const) {
    const times: number[] = [];
    const pageTimes: number[] = [];
    let chars = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const result = await measure(filter, maxChars);
      times.push(result.ms);
      pageTimes.push(result.pageMs);
      chars = result.chars;
    }
    const end = stats(times);
    const inPage = stats(pageTimes);
    console.log(
      `web tree ${label} end to end: median ${end.median.toFixed(1)} ms, p90 ${end.p90.toFixed(1)} ms, first ${end.first.toFixed(1)} ms; top frame in page median ${inPage.median.toFixed(1)} ms; ${chars} chars`,
    );
  }
} finally {
  await browser.close();
  await pages.close();
}
