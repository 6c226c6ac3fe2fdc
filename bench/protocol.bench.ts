// Foundation figures: how fast a router validates envelopes, and the end-to-end
// bridge round trip (panel -> worker -> isolated -> MAIN -> CodeMirror -> back) for
// a 1 KiB and a 1 MiB document in real Chromium.
import { createRequestRouter } from '../src/shared/protocol/router';
import { genericPageChannel } from '../src/shared/protocol/worker-to-page';
import { launchExtensionBrowser } from '../test/support/extension-browser';
import { startHttpsSite } from '../test/support/https-site';
import { codemirrorBundle, editorPageHtml } from '../test/support/fixture-pages';
import { execFileSync } from 'node:child_process';

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
};

async function envelopeThroughput() {
  const router = createRequestRouter(genericPageChannel, {
    'page/get-context': () => ({
      siteId: 'web' as const,
      url: '',
      title: '',
      documentId: 'doc-1',
    }),
    'page/ping': () => ({ runtimeVersion: 1, handshakes: 0, documentId: 'doc-1' }),
    'page/cancel': () => ({ cancelled: false }),
    'page/echo': ({ text }) => ({ text }),
  });
  const message = { type: 'page/echo', requestId: 'r-1', payload: { text: 'x'.repeat(200) } };
  const bad = { type: 'page/echo', requestId: 'r-1', payload: { text: 'x', extra: 1 } };
  for (let index = 0; index < 2_000; index += 1) await router.handle(message, { sender: 'worker' });
  const count = 50_000;
  let start = performance.now();
  for (let index = 0; index < count; index += 1) await router.handle(message, { sender: 'worker' });
  const goodMs = performance.now() - start;
  start = performance.now();
  for (let index = 0; index < count; index += 1) await router.handle(bad, { sender: 'worker' });
  const badMs = performance.now() - start;
  console.log(
    `envelope validation + routing (valid request and response): ${Math.round(count / (goodMs / 1000))} messages/s`,
  );
  console.log(`envelope refusal (unknown field): ${Math.round(count / (badMs / 1000))} messages/s`);
}

async function bridgeRoundTrip() {
  execFileSync('npx', ['--no-install', 'wxt', 'build'], { stdio: 'ignore' });
  const script = await codemirrorBundle();
  const documents: Record<string, string> = {
    '1k': 'Hello Typst.\n'.repeat(79),
    '1m': ('= Section\n' + 'Some text with $x^2$ math and words. '.repeat(20) + '\n')
      .repeat(1_355)
      .slice(0, 1_048_000),
  };
  const site = await startHttpsSite((url) => {
    if (url.pathname === '/__fixture/codemirror.js')
      return { type: 'text/javascript', body: script };
    const key = url.pathname.split('/').pop() ?? '';
    const text = documents[key];
    return text === undefined
      ? undefined
      : { type: 'text/html', body: editorPageHtml({ project: 'Bench', path: 'main.typ', text }) };
  });
  const harness = await launchExtensionBrowser({ typstPort: site.port });
  try {
    await harness.waitForStartup();
    for (const [key, text] of Object.entries(documents)) {
      const page = await harness.context.newPage();
      await page.goto(`https://typst.app/project/${key}`);
      await page.waitForFunction(
        () => document.documentElement.dataset['sideAgentBridge'] === 'connected',
      );
      const tabId = await harness.tabIdOf(page);
      const panel = await harness.openPanelTab(tabId);
      const times = await panel.evaluate(
        async ({ tabId: target, runs, expected }) => {
          const samples: number[] = [];
          for (let index = 0; index < runs; index += 1) {
            const start = performance.now();
            const result = (await chrome.runtime.sendMessage({
              type: 'page/get-context',
              requestId: `b-${index}`,
              payload: { tabId: target },
            })) as {
              ok: boolean;
              data: { editor: { length: number } };
            };
            samples.push(performance.now() - start);
            if (!result.ok || result.data.editor.length !== expected) throw new Error('bad read');
          }
          return samples;
        },
        { tabId, runs: key === '1k' ? 60 : 30, expected: text.length },
      );
      const measured = times.slice(5);
      console.log(
        `bridge round trip ${key === '1k' ? '1 KiB' : '1 MiB'} read, median: ${quantile(measured, 0.5).toFixed(2)} ms`,
      );
      console.log(
        `bridge round trip ${key === '1k' ? '1 KiB' : '1 MiB'} read, p90: ${quantile(measured, 0.9).toFixed(2)} ms`,
      );
      await panel.close();
      await page.close();
    }
  } finally {
    await harness.close();
    await site.close();
  }
}

await envelopeThroughput();
await bridgeRoundTrip();
