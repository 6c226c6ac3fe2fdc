// The web face's page readers through the real bridge: each read method sent from the
// MV3 worker to the isolated world of a page in Chromium and answered there, on a
// 20,000-element page (sections with headings, links, forms, tables, hidden text,
// open and closed shadow roots) and on a plain article. Times are taken in the worker
// around `tabs.sendMessage`; the answer sizes are the JSON characters returned.
import { launchWebBrowser } from '../test/support/web-browser';
import { startWebPages } from '../test/support/web-pages';
import { ARTICLE_PAGE } from '../test/support/web-read/web-read-pages';

const RUNS = 9;

function largePage(sections: number): string {
  const parts: string[] = [];
  for (let index = 0; index < sections; index += 1)
    parts.push(`<section><h2>Section ${index}</h2>
<p>Paragraph ${index} with <a href="/s/${index}">a link</a> and <b>bold</b> words.</p>
<ul><li><a href="/a/${index}">first</a></li><li><a href="/b/${index}">second</a> <button>Act</button></li></ul>
<form><label for="f${index}">Field ${index}</label><input id="f${index}" name="f${index}" value="v">
<label><input type="checkbox" name="c${index}"> Check</label><select name="s${index}"><option>one</option><option>two</option></select>
<textarea aria-label="Note ${index}"></textarea><button>Send</button></form>
<table><tr><th>Key</th><th>Value</th></tr><tr><td>k${index}</td><td><button>v${index}</button></td></tr></table>
<p style="display:none">hidden ${index}</p><span>${'text '.repeat(4)}</span><img src="/i/${index}.png" alt="image ${index}">
<x-card data-mode="${index % 5 === 0 ? 'closed' : 'open'}"></x-card></section>`);
  return `<!doctype html><html lang="en"><head><title>Large</title></head><body><main>${parts.join('')}</main>
<script>
customElements.define('x-card', class extends HTMLElement {
  connectedCallback() {
    if (this.shadowRoot || this.dataset.done) return;
    this.dataset.done = '1';
    const root = this.attachShadow({ mode: this.dataset.mode });
    root.innerHTML = '<div><p>card text</p><button>card</button><a href="/card">card link</a></div>';
  }
});
</script></body></html>`;
}

const pages = await startWebPages({
  'bench.example': { '/large': largePage(440), '/article': ARTICLE_PAGE },
});
const browser = await launchWebBrowser(pages);
const METHODS = [
  ['web/read-page', { offset: 0, maxChars: 12_000 }],
  ['web/extract-data', { kinds: ['tables', 'headings', 'links', 'images', 'forms'] }],
  ['web/find-text', { query: 'card text', exact: false, includeHidden: false, maxResults: 20 }],
  ['web/window-info', {}],
] as const;

try {
  for (const path of ['/article', '/large']) {
    const page = await browser.open('bench.example', path);
    await browser.injectBridge(page);
    const tabId = await browser.tabIdOf(page);
    const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
    console.log(`page ${path}: ${elements} light-DOM elements`);
    const worker = await browser.worker();
    for (const [method, payload] of METHODS) {
      const figures = await worker.evaluate(
        async ({ id, method, payload, runs }) => {
          const times: number[] = [];
          let chars = 0;
          for (let run = 0; run < runs; run += 1) {
            const started = performance.now();
            const answer = await chrome.tabs.sendMessage(id, {
              bridge: 'side-agent-bridge',
              envelope: { type: method, requestId: `bench-${run}`, payload },
            });
            times.push(performance.now() - started);
            if (!(answer as { ok: boolean }).ok) throw new Error(JSON.stringify(answer));
            chars = JSON.stringify(answer).length;
          }
          return { times, chars };
        },
        { id: tabId, method, payload, runs: RUNS },
      );
      const sorted = [...figures.times].sort((left, right) => left - right);
      const at = (share: number) =>
        sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? NaN;
      console.log(
        `${method} ${path}: median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, first ${figures.times[0]?.toFixed(1)} ms, answer ${figures.chars} chars`,
      );
    }
    await page.close();
  }
} finally {
  await browser.close();
  await pages.close();
}
