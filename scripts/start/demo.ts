// The offline demo (`npm start -- --demo`), driven in the real side
// panel: break line 4 of the workbench's main.typ, type a request into the panel and
// send it, let the scripted model (scenarios/demo.json) read the diagnostics and the
// document and propose the fix as a reviewed diff, apply it (headless: at once;
// headed: the person may click Apply, else it is applied for them after a pause),
// then wait for the answer. Saves screenshots and prints the transcript.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { ExtensionBrowser } from '../../test/support/extension-browser';
import type { RealSidePanel } from '../../test/support/real-side-panel';
import type { WorkbenchControls } from '../../workbench/src/test-controls';
import { panelRequest } from './model-config';

declare global {
  interface Window {
    __workbench: WorkbenchControls;
  }
}

/** The line the demo breaks; demo.json's replace_lines puts it back. */
const DEMO_LINE = 4;
const GOOD = '#set par(justify: true)';
const BROKEN = '#set par(justify: ture)';
const REQUEST = 'main.typ does not compile any more. Please find the error and fix it.';

export interface DemoResult {
  readonly fixed: boolean;
  readonly screenshots: readonly string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => null);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Demo: timed out waiting for ${what}.`);
    await sleep(100);
  }
}

const errorsOf = (page: Page) =>
  page.evaluate(async () =>
    (await window.__workbench.whenCompiled()).diagnostics
      .filter((diagnostic) => diagnostic.severity === 'error')
      .map((diagnostic) => diagnostic.message),
  );

/** Expressions evaluated in the real side panel (a CDP target Playwright does not attach to). */
const inPanel = {
  composerReady: `(() => { const input = document.querySelector('[data-testid="composer-input"]'); return !!input && !input.disabled; })()`,
  // Types like a person would as far as the page can tell: the textarea's value
  // through the native setter and an input event (Preact's onInput), then Send.
  send: (text: string) => `(() => {
    const input = document.querySelector('[data-testid="composer-input"]');
    input.focus();
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value').set.call(input, ${JSON.stringify(text)});
    input.dispatchEvent(new Event('input', { bubbles: true }));
    document.querySelector('[data-testid="send"]').click();
    return true;
  })()`,
  reviewShown: `!!document.querySelector('[data-testid="diff-review"]')`,
  apply: `(() => { const button = document.querySelector('[data-testid="apply"]'); if (!button || button.disabled) return false; button.click(); return true; })()`,
  // The run is over when the live view gave way to the stored assistant turn.
  finished: `(() => { const turns = document.querySelectorAll('[data-testid="assistant-turn"]'); const last = turns[turns.length - 1]; return !document.querySelector('[data-testid="live-turn"]') && last ? last.getAttribute('data-status') : null; })()`,
};

interface StoredTurn {
  role: 'user' | 'assistant';
  text?: string;
  status?: string;
  segments?: Array<
    | { kind: 'text' | 'reasoning'; text: string }
    | {
        kind: 'tools';
        calls: Array<{
          name: string;
          argumentsPreview: string;
          status: string;
          summary: string;
          errorCode?: string;
        }>;
      }
  >;
}

/** The chat as stored by the worker, printed as user and assistant text plus tool calls. */
async function printTranscript(harness: ExtensionBrowser): Promise<void> {
  const helper = await harness.openPanelTab();
  try {
    const list = (await panelRequest(helper, 'session/list', {
      scope: { siteId: 'typst', projectId: 'thesis' },
    })) as unknown as { id: string }[];
    const latest = list[0];
    if (!latest) throw new Error('Demo: no chat was stored.');
    const chat = (await panelRequest(helper, 'session/get', {
      sessionId: latest.id,
    })) as unknown as { turns: StoredTurn[] };
    console.log('\n--- Transcript ---');
    for (const turn of chat.turns) {
      if (turn.role === 'user') {
        console.log(`You: ${turn.text ?? ''}`);
        continue;
      }
      for (const segment of turn.segments ?? []) {
        if (segment.kind === 'text') console.log(`Side Agent: ${segment.text.trim()}`);
        else if (segment.kind === 'tools') {
          for (const call of segment.calls) {
            const outcome = call.errorCode ? `${call.status} (${call.errorCode})` : call.status;
            console.log(
              `  [tool] ${call.name} ${call.argumentsPreview} -> ${outcome}: ${call.summary}`,
            );
          }
        }
      }
      console.log(`(answer ${turn.status ?? 'unknown'})`);
    }
    console.log('--- End of transcript ---\n');
  } finally {
    await helper.close();
  }
}

/** Runs the demo on `page` (the workbench tab) with the real side panel `panel`. */
export async function runDemo(
  harness: ExtensionBrowser,
  page: Page,
  panel: RealSidePanel,
  options: { headless: boolean; outDir: string },
): Promise<DemoResult> {
  mkdirSync(options.outDir, { recursive: true });
  const screenshots: string[] = [];
  const shoot = async (name: string, data: Buffer) => {
    const file = path.join(options.outDir, name);
    writeFileSync(file, data);
    screenshots.push(file);
  };

  // The compile error the scripted model fixes (its line numbers depend on it).
  const original = (await page.evaluate(() => window.__workbench.getText('main.typ'))) ?? '';
  const lines = original.split('\n');
  if (lines[DEMO_LINE - 1] !== GOOD)
    throw new Error(
      `Demo: line ${DEMO_LINE} of main.typ is not "${GOOD}"; demo.json no longer matches the workbench project.`,
    );
  lines[DEMO_LINE - 1] = BROKEN;
  await page.evaluate((text) => window.__workbench.setText('main.typ', text), lines.join('\n'));
  const before = await errorsOf(page);
  console.log(
    `Injected a compile error on line ${DEMO_LINE} of main.typ: ${before.join('; ') || '(the compiler reported none!)'}`,
  );
  await shoot('editor-before.png', await page.screenshot());

  // The side panel follows the active tab of its window; if it opened while another
  // tab was active (the helper page that opened it), activating the workbench tab
  // again tells it which tab to serve.
  let probes = 0;
  const composerReady = async () => {
    probes += 1;
    if (probes % 30 === 0) await page.bringToFront();
    return panel.evaluate<boolean>(inPanel.composerReady);
  };
  await until('the side panel composer', composerReady, 20_000).catch(async (error: unknown) => {
    console.error(
      `The side panel shows: ${await panel.evaluate<string>('document.body.innerText').catch(() => '(unreadable)')}`,
    );
    throw error;
  });
  console.log(`You (typed into the side panel): ${REQUEST}`);
  await panel.evaluate(inPanel.send(REQUEST));

  await until(
    'the diff review in the side panel',
    () => panel.evaluate<boolean>(inPanel.reviewShown),
    60_000,
  );
  // The review is the point of this screenshot: bring it into view as a person
  // would scroll to it, and let the overlay over the editor settle.
  await panel.evaluate(
    `document.querySelector('[data-testid="diff-review"]').scrollIntoView({ block: 'end' })`,
  );
  await sleep(300);
  await shoot('panel-diff.png', await panel.screenshot());
  await shoot('editor-review.png', await page.screenshot());
  if (options.headless) {
    await panel.evaluate(inPanel.apply);
  } else {
    console.log(
      'Review the diff in the side panel and click Apply (it is applied for you in 20 s otherwise).',
    );
    const deadline = Date.now() + 20_000;
    while (
      Date.now() < deadline &&
      (await panel.evaluate<boolean>(inPanel.reviewShown).catch(() => false))
    )
      await sleep(200);
    if (await panel.evaluate<boolean>(inPanel.reviewShown).catch(() => false))
      await panel.evaluate(inPanel.apply);
  }

  const status = await until(
    'the final answer',
    () => panel.evaluate<string | null>(inPanel.finished),
    60_000,
  );
  const after = await errorsOf(page);
  await shoot('editor-after.png', await page.screenshot());
  // The panel does not always end scrolled to the latest answer (scroll-follow does
  // not hear about the review card or the stored turn replacing the live one), so
  // scroll to the end as a person would before the screenshot.
  await panel.evaluate(
    `(() => { const t = document.querySelector('[data-testid="transcript"]'); t.scrollTop = t.scrollHeight; return true; })()`,
  );
  await sleep(100);
  await shoot('panel-end.png', await panel.screenshot());
  await printTranscript(harness);

  const line = (await page.evaluate(() => window.__workbench.getText('main.typ')))?.split('\n')[
    DEMO_LINE - 1
  ];
  const fixed = status === 'complete' && after.length === 0 && line === GOOD;
  console.log(
    `Compile errors before: ${before.length}${before.length ? ` (${before.join('; ')})` : ''}`,
  );
  console.log(
    `Compile errors after: ${after.length}${after.length ? ` (${after.join('; ')})` : ''}`,
  );
  console.log(`main.typ line ${DEMO_LINE}: ${line ?? '(missing)'}`);
  console.log(fixed ? 'Demo result: FIXED' : `Demo result: NOT FIXED (answer ${status})`);
  console.log(`Screenshots:\n${screenshots.map((file) => `  ${file}`).join('\n')}`);
  return { fixed, screenshots };
}
