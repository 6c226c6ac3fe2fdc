// The Typst face in Firefox ESR, through the built Firefox extension: the scripted
// conversation of typst-conversation.e2e.ts on both CodeMirror variants of the
// workbench (served as https://typst.app): the agent reads the structure, waits for the
// person to open chapters/intro.typ, reads it, proposes the fix as a reviewed diff (in
// the panel and as the overlay over the editor), the person applies it, the compiler
// agrees, and the response's Revert puts the broken line back. Driven by
// puppeteer-core over WebDriver BiDi; the panel page runs in a tab for the workbench tab.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'puppeteer-core';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../support/extension-browser';
import {
  firefoxPanelRequest,
  launchFirefoxExtension,
  type FirefoxExtension,
} from '../support/firefox-extension';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startWorkbench, type RunningWorkbench } from '../../workbench/server.mjs';
import { makeSelfSignedCert } from '../../workbench/cert.mjs';
import './support/workbench-browser';

// Line 5 of the file is `#lorem(200)`; the test breaks it into `#lorem(200` (an
// unclosed delimiter, a compile error) and the scenario closes it again.
const INTRO = readFileSync(
  path.join(REPO_ROOT, 'workbench/project/thesis/chapters/intro.typ'),
  'utf8',
);
const BROKEN = INTRO.replace('#lorem(200)\n', '#lorem(200\n');
const OVERLAY = '#side-agent-review-overlay';

let workbench: RunningWorkbench;
let firefox: FirefoxExtension;
let models: ModelServer;
let settingsPage: Page;

/** Polls `read` until it satisfies `accept`, or fails with the last value seen. */
async function until<T>(
  read: () => Promise<T>,
  accept: (value: T) => boolean,
  what: string,
  timeout = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  let last: T | undefined;
  for (;;) {
    last = await read().catch(() => last);
    if (last !== undefined && accept(last)) return last;
    if (Date.now() > deadline) throw new Error(`${what}; last seen: ${JSON.stringify(last)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const textOf = (page: Page, selector: string) =>
  page.evaluate((css) => document.querySelector(css)?.textContent ?? '', selector);

beforeAll(async () => {
  expect(BROKEN).not.toBe(INTRO);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'typst-firefox-'));
  workbench = await startWorkbench({ https: makeSelfSignedCert(path.join(tmp, 'cert')) });
  models = await startModelServer({ scenario: 'typst-conversation' });
  firefox = await launchFirefoxExtension({ typstPort: workbench.port });
  settingsPage = await firefox.openPanel();
  const view = await firefoxPanelRequest(settingsPage, {
    type: 'settings/save-model',
    payload: {
      model: {
        name: 'Scripted',
        kind: 'openai-compatible',
        baseUrl: models.baseUrl,
        modelId: 'scripted-model',
        supportsVision: false,
        reasoningEffort: 'default',
        contextWindow: 128_000,
        insecureOriginAcknowledged: null,
        apiKey: '',
      },
    },
  });
  const saved = (view['models'] as { id: string; modelId: string }[]).at(-1)!;
  await firefoxPanelRequest(settingsPage, {
    type: 'settings/save-general',
    payload: { patch: { activeModelId: saved.id } },
  });
}, 120_000);

afterAll(async () => {
  await firefox?.close();
  await models?.close();
  await workbench?.close();
});

describe.each([
  ['current', ''],
  ['legacy', '?cm=legacy'],
])('the Typst face in Firefox ESR (%s CodeMirror)', (variant, query) => {
  let page: Page;
  let panel: Page;

  beforeAll(async () => {
    page = await firefox.newPage();
    await page.goto(`https://typst.app/project/thesis${query}`);
    await page.evaluate(() => window.__workbench.ready);
    await page.waitForFunction(
      () => document.documentElement.dataset['sideAgentBridge'] === 'connected',
      { timeout: 20_000 },
    );
    expect(await page.evaluate(() => window.__workbench.cmVariant)).toBe(variant);
    await page.evaluate(() => window.__workbench.openFile('main.typ'));
    await page.evaluate((text) => window.__workbench.setText('chapters/intro.typ', text), BROKEN);
    const compiled = await page.evaluate(() => window.__workbench.whenCompiled());
    expect(compiled.diagnostics.some((diagnostic) => diagnostic.severity === 'error')).toBe(true);
    // A fresh chat: the scripted server picks its turn by the number of assistant messages.
    await firefoxPanelRequest(settingsPage, {
      type: 'session/create',
      payload: { scope: { siteId: 'typst', projectId: 'thesis' } },
    });
    panel = await firefox.openPanel(await firefox.tabIdOf(`https://typst.app/project/thesis`));
  }, 90_000);

  afterAll(async () => {
    await panel?.close();
    await page?.close();
  });

  it('reviews and applies the fix, then reverts the response', async () => {
    const sessionStart = models.requests.length;
    await until(
      () =>
        panel.$eval('[data-testid="composer-input"]', (input) => !input.hasAttribute('disabled')),
      Boolean,
      'the composer never became enabled',
    );
    await panel.type(
      '[data-testid="composer-input"]',
      'The project does not compile. Please fix the error in the introduction.',
    );
    await panel.keyboard.press('Enter');

    await until(
      () => textOf(panel, '[data-testid="page-wait"]'),
      (text) => text.includes('Open chapters/intro.typ in the Files panel.'),
      'the panel never asked the person to open the file',
    );
    // As a person would: expand the collapsed chapters folder, then click the file.
    const folder = await page.waitForSelector('::-p-aria([name="chapters"][role="button"])');
    if ((await folder!.evaluate((element) => element.getAttribute('aria-expanded'))) !== 'true')
      await folder!.click();
    await (await page.waitForSelector('::-p-aria([name="intro.typ"][role="button"])'))!.click();

    const diff = await until(
      () => textOf(panel, '[data-testid="diff-review"]'),
      (text) => text.includes('chapters/intro.typ'),
      'no diff review appeared',
    );
    expect(diff).toContain('#lorem(200)');
    expect(diff).toContain('@@ -2,7 +2,7 @@');
    const overlay = await until(
      () => textOf(page, OVERLAY),
      (text) => text.includes('#lorem(200)'),
      'no review overlay over the editor',
    );
    expect(overlay).toContain('#lorem(200)');
    // Nothing is written before the person applies.
    expect(await page.evaluate(() => window.__workbench.getText('chapters/intro.typ'))).toBe(
      BROKEN,
    );

    await (await panel.waitForSelector('[data-testid="apply"]'))!.click();
    const answer = await until(
      () =>
        panel.evaluate(() => {
          const turns = document.querySelectorAll('[data-testid="assistant-turn"]');
          const last = turns[turns.length - 1];
          return { status: last?.getAttribute('data-status'), text: last?.textContent ?? '' };
        }),
      (seen) => seen.status === 'complete',
      'the answer never completed',
      30_000,
    );
    expect(answer.text).toContain('compiles without errors');
    expect(await page.evaluate(() => window.__workbench.getText('chapters/intro.typ'))).toBe(INTRO);
    expect(await page.$(OVERLAY)).toBeNull();
    const after = await page.evaluate(() => window.__workbench.whenCompiled());
    expect(after.diagnostics.filter((diagnostic) => diagnostic.severity === 'error')).toEqual([]);
    // Six rounds of the conversation; the chat's naming call (no tools) is not one.
    const rounds = models.requests
      .slice(sessionStart)
      .filter((seen) => ((seen.body as { tools?: unknown[] }).tools ?? []).length > 0);
    expect(rounds).toHaveLength(6);

    // The response's Revert, confirmed, puts the broken line back.
    await (await panel.waitForSelector('[data-testid="revert"]'))!.click();
    await (await panel.waitForSelector('[data-testid="revert-confirm-yes"]'))!.click();
    await until(
      () => page.evaluate(() => window.__workbench.getText('chapters/intro.typ')),
      (text) => text === BROKEN,
      'the revert did not restore the document',
    );
    await panel.waitForSelector('[data-testid="reverted-badge"]', { timeout: 10_000 });
  });
});

/** Centre of the floating button whose closed shadow root's host answers hit tests. */
function floatingButtonCentre(page: Page): Promise<{ x: number; y: number } | null> {
  // A page cannot see into the closed root, but hit tests retarget to its host: the
  // points that land on the host are the visible button's box.
  return page.evaluate(() => {
    const host = document.querySelector('side-agent-quick-attach');
    if (!host) return null;
    const hits: { x: number; y: number }[] = [];
    for (let y = 2; y < window.innerHeight; y += 4)
      for (let x = 2; x < window.innerWidth; x += 4)
        if (document.elementFromPoint(x, y) === host) hits.push({ x, y });
    if (hits.length === 0) return null;
    const sum = hits.reduce((total, hit) => ({ x: total.x + hit.x, y: total.y + hit.y }), {
      x: 0,
      y: 0,
    });
    return { x: sum.x / hits.length, y: sum.y / hits.length };
  });
}

describe('quick attach in Firefox ESR', () => {
  let page: Page;
  let panel: Page;

  beforeAll(async () => {
    page = await firefox.newPage();
    await page.goto('https://typst.app/project/thesis');
    await page.evaluate(() => window.__workbench.ready);
    await page.waitForFunction(
      () => document.documentElement.dataset['sideAgentBridge'] === 'connected',
      { timeout: 20_000 },
    );
    await page.evaluate(() => window.__workbench.openFile('main.typ'));
    panel = await firefox.openPanel(await firefox.tabIdOf('https://typst.app/project/thesis'));
    await page.bringToFront();
  }, 90_000);

  afterAll(async () => {
    await panel?.close();
    await page?.close();
  });

  it('a trusted click on the selection button adds the selection to the panel; a page script click does not', async () => {
    await page.click('.cm-content');
    await page.keyboard.down('Control');
    await page.keyboard.press('Home');
    await page.keyboard.up('Control');
    expect(await floatingButtonCentre(page)).toBeNull();
    await page.keyboard.down('Shift');
    await page.keyboard.press('End');
    await page.keyboard.up('Shift');
    const centre = await until(
      () => floatingButtonCentre(page),
      (found) => found !== null,
      'no selection button appeared',
    );
    const chips = () =>
      panel.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('[data-testid="attachment-chip"]')].map(
          (chip) => ({ kind: chip.dataset['kind'], text: chip.textContent ?? '' }),
        ),
      );
    // A page script can only reach the host; its clicks are untrusted and ignored.
    await page.evaluate(({ x, y }) => {
      const options = { bubbles: true, composed: true, clientX: x, clientY: y };
      const host = document.querySelector('side-agent-quick-attach');
      host?.dispatchEvent(new MouseEvent('mousedown', options));
      host?.dispatchEvent(new MouseEvent('click', options));
    }, centre!);
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(await chips()).toEqual([]);

    const firstLine = await page.evaluate(
      () => (window.__workbench.getText('main.typ') ?? '').split('\n')[0] ?? '',
    );
    await page.mouse.click(centre!.x, centre!.y);
    const added = await until(
      chips,
      (seen) => seen.filter((chip) => chip.kind === 'selection').length === 1,
      'the selection chip never reached the panel',
    );
    expect(added[0]?.text).toContain(firstLine.slice(0, 20));
  });
});
