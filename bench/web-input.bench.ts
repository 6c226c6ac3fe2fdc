// One trusted click end to end in headless Chromium, as the click tool does it: the
// ref resolved and located in the page (scrolled into view, hit-tested through shadow
// roots, checked to hold still), the page's state read, the press sent as real input
// over CDP, the last look before pressing, and the state read back into the result's
// changes. The product then waits SETTLE_MS for the page to react; that wait is left
// out here (settle 0) so the figure is the machinery's own.
import { chromium } from 'playwright-core';
import { startWebPages } from '../test/support/web-pages';
import { actHarness, addActHarness, refOf } from '../test/support/web-input/act-harness';

const ROUNDS = 40;
const PAGE = `<!doctype html><title>Bench</title>
${'<p>filler text for a page of ordinary length</p>'.repeat(200)}
<ul role="tablist"><li role="tab" id="tab" aria-selected="false"><a href="#x" style="display:block;padding:10px">Tab</a></li></ul>
${'<p>more filler</p>'.repeat(200)}
<script>document.getElementById('tab').addEventListener('click', (e) => { e.preventDefault();
  const tab = document.getElementById('tab'); tab.setAttribute('aria-selected', String(tab.getAttribute('aria-selected') !== 'true')); });</script>`;

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? 0;
};

const pages = await startWebPages({ 'shop.example': { '/': PAGE } });
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  headless: true,
  args: [`--host-resolver-rules=${pages.hostRules.join(', ')}`, '--ignore-certificate-errors'],
});
try {
  const page = await browser.newPage();
  await page.goto(pages.url('shop.example', '/'), { waitUntil: 'load' });
  await addActHarness(page);
  const tools = await actHarness(page, true, 0);
  const ref = await refOf(page, '#tab');
  const times: number[] = [];
  for (let round = 0; round < ROUNDS + 5; round += 1) {
    // Start each round away from the tab, so every click scrolls it into view again.
    await page.evaluate(
      (odd: boolean) => window.scrollTo(0, odd ? 0 : document.body.scrollHeight),
      round % 2 === 1,
    );
    const started = performance.now();
    const outcome = await tools.run('click', { ref });
    const ms = performance.now() - started;
    if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`);
    if (round >= 5) times.push(ms);
  }
  const heapMb = process.memoryUsage().heapUsed / 1024 / 1024;
  console.log(
    `click end to end (ref → locate → hit test → trusted click → changes), ${ROUNDS} rounds: ` +
      `median ${quantile(times, 0.5).toFixed(1)} ms, p90 ${quantile(times, 0.9).toFixed(1)} ms, ` +
      `heap ${heapMb.toFixed(1)} MB`,
  );
} finally {
  await browser.close();
  await pages.close();
}
