// research_url in a real run through the built extension in real Chromium: a page
// that builds its text with script is read in a background tab the person never sees
// (fetch_url would get the empty shell), and the tab is gone afterwards. Timeouts,
// stops and refused redirects close it too (hidden-tab.test.ts, research-url.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTools } from '../support/tool-runs';
import { startWebRunRig, type WebRunRig } from '../support/web-run-rig';

const HOST = 'shop.example';
const REVIEWS = 'reviews.example';
const SHOP = '<!doctype html><title>Mug</title><h1>Blue mug</h1>';
// The text exists only after the page's script ran.
const SCRIPTED = `<!doctype html><title>Reviews</title><main id="m"></main>
<script>setTimeout(() => { document.getElementById('m').textContent = 'Four stars: a sturdy blue mug.'; }, 50);</script>`;

let rig: WebRunRig;

beforeAll(async () => {
  rig = await startWebRunRig({ [HOST]: { '/': SHOP }, [REVIEWS]: { '/mug': SCRIPTED } }, HOST);
  // The person allowed the reviews site too, from a tab that showed it.
  const other = await rig.browser.open(REVIEWS, '/mug');
  const tabId = await rig.browser.tabIdOf(other);
  const allowed = await rig.panel.evaluate(
    (payload) =>
      chrome.runtime.sendMessage({ type: 'sites/allow', requestId: crypto.randomUUID(), payload }),
    { tabId, pattern: `https://${REVIEWS}/*`, mode: 'always', requested: false },
  );
  expect(allowed).toMatchObject({ ok: true });
  await other.close();
});

afterAll(async () => {
  await rig?.close();
});

async function tabsOn(host: string): Promise<number> {
  const worker = await rig.browser.worker();
  return worker.evaluate(
    async (wanted) =>
      (await chrome.tabs.query({})).filter((tab) => tab.url?.includes(wanted)).length,
    host,
  );
}

describe('research_url', () => {
  it('reads a script-built page in a hidden tab and closes it', async () => {
    const { results } = await runTools(
      { driver: rig.driver, models: rig.models, modelId: rig.modelId },
      [{ name: 'research_url', arguments: { url: `https://${REVIEWS}/mug` } }],
      { prompt: `What does https://${REVIEWS}/mug say about this mug?` },
    );
    expect(results[0]).toMatchObject({
      ok: true,
      result: {
        untrusted_page_content: {
          source: `https://${REVIEWS}/mug`,
          content: { title: 'Reviews' },
        },
      },
    });
    // Read once the script had built it.
    const text = String(
      (results[0] as { result: { untrusted_page_content: { content: { text: string } } } }).result
        .untrusted_page_content.content.text,
    );
    expect(text.trim()).toBe('Four stars: a sturdy blue mug.');
    expect(await tabsOn(REVIEWS)).toBe(0);
    // The person's own tab never changed.
    expect(rig.tab.url()).toBe(`https://${HOST}/`);
  });
});
