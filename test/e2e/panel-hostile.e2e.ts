// Bad input in the real panel: the held hostile corpus
// (src/panel/markdown/__fixtures__/hostile) plus a generated 1 MB single line is
// streamed by the scripted model as answer and reasoning, in small chunks, into the
// side panel in real Chromium. While the run streams and after the stored turn is
// shown: no payload runs (canary flag and alert/confirm/prompt/open/fetch wrappers),
// no unsafe element or attribute ever enters the DOM (MutationObserver), no request
// leaves the panel (Playwright, plus CSP violation reports), and the hostile text is
// visible as text (so skipping rendering would fail the test).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  launchExtensionBrowser,
  REPO_ROOT,
  type ExtensionBrowser,
} from '../support/extension-browser';
import { startModelServer, type ModelServer } from '../support/model-server/model-server.mjs';
import { startCorsProxy, type CorsProxy } from '../support/cors-proxy';
import { startWorkbench } from '../../workbench/server.mjs';
import { makeSelfSignedCert } from '../../workbench/cert.mjs';
import {
  activateModel,
  bridgeConnected,
  panelRequest,
  saveScriptedModels,
} from '../support/panel-page';

const HOSTILE_DIR = path.join(REPO_ROOT, 'src', 'panel', 'markdown', '__fixtures__', 'hostile');
const corpus = readdirSync(HOSTILE_DIR)
  .filter((name) => name.endsWith('.txt'))
  .sort()
  .map((name) => `\n\n## ${name}\n\n${readFileSync(path.join(HOSTILE_DIR, name), 'utf8')}`)
  .join('');
const END_MARK = 'END-OF-HOSTILE-ANSWER';
const HUGE_UNIT = `<img src=x onerror="window.__pwned='huge'">[x](javascript:window.__pwned='huge')`;
const HUGE_LINE = HUGE_UNIT.repeat(Math.ceil((1 << 20) / HUGE_UNIT.length));
const REASONING = [
  'Thinking about <script>window.__pwned="reasoning"</script> and',
  "<img src=x onerror=\"window.__pwned='reasoning-img'\"> and [r](javascript:window.__pwned='reasoning-link')",
  '<svg onload="window.__pwned=\'reasoning-svg\'"></svg> <iframe srcdoc="<script>parent.__pwned=1</script>"></iframe>',
  'RTL \u202Eexe.txt and control \u0007\u001b[31m chars.',
].join('\n\n');

/** One raw SSE content delta (the 1 MB line goes in large pieces; 7-character chunks would be 150k events). */
function rawDelta(content: string): string {
  const body = {
    id: 'chatcmpl-scripted',
    object: 'chat.completion.chunk',
    created: 1_764_460_800,
    model: 'hostile',
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  };
  return `data: ${JSON.stringify(body)}\n\n`;
}

function hostileScenario() {
  const hugeSteps: { raw: string }[] = [];
  for (let index = 0; index < HUGE_LINE.length; index += 65_536)
    hugeSteps.push({ raw: rawDelta(HUGE_LINE.slice(index, index + 65_536)) });
  return {
    name: 'hostile',
    turns: [
      {
        chunkSize: 7,
        chunkDelayMs: 3,
        steps: [
          { reasoning: REASONING, field: 'reasoning_content' as const },
          { text: `Hostile corpus follows.${corpus}\n\n${END_MARK}\n\n` },
          // The stored turn keeps the first MAX_TURN_TEXT_CHARS (256,000) of it by design.
          ...hugeSteps,
        ],
      },
    ],
  };
}

let workbench: { port: number; close(): Promise<void> };
let harness: ExtensionBrowser;
let models: ModelServer;
let proxy: CorsProxy;
let panel: Page;
let tabId: number;
const leaked: string[] = [];

/**
 * Installed in the panel before its own scripts (init script): the canary, wrappers
 * that would trip if a payload called them, a MutationObserver over everything added
 * or changed, and a CSP violation listener (a blocked load is an attempted request).
 */
function installWatch(): void {
  type Watch = { ran: string[]; unsafe: string[]; csp: string[]; scans: number };
  const state: Watch = { ran: [], unsafe: [], csp: [], scans: 0 };
  const host = window as unknown as Record<string, unknown>;
  host['__hostileWatch'] = state;
  Object.defineProperty(window, '__pwned', {
    configurable: false,
    get: () => undefined,
    set: (value: unknown) => state.ran.push(`__pwned=${String(value)}`),
  });
  for (const name of ['alert', 'confirm', 'prompt', 'print', 'open']) {
    host[name] = (...args: unknown[]) => {
      state.ran.push(`${name}(${args.map(String).join(',')})`);
      return null;
    };
  }
  const realFetch = window.fetch.bind(window);
  window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!new URL(url, location.href).href.startsWith('chrome-extension://'))
      state.ran.push(`fetch(${url})`);
    return realFetch(input, init);
  };
  document.addEventListener('securitypolicyviolation', (event) =>
    state.csp.push(`${event.violatedDirective} ${event.blockedURI}`),
  );

  // Elements that may sit inside the transcript: the Markdown allowlist
  // (src/panel/markdown/sanitize.ts) plus the panel's own chrome around turns.
  const SAFE_IN_TRANSCRIPT = new Set(
    'p br strong em del a code pre blockquote ul ol li h1 h2 h3 h4 h5 h6 hr table thead tbody tr th td div span article section header footer details summary button small time svg path'.split(
      ' ',
    ),
  );
  // Never acceptable anywhere in the panel.
  const NEVER = new Set(
    'script iframe frame frameset object embed link meta base math video audio source template noscript foreignobject'.split(
      ' ',
    ),
  );
  const show = (element: Element) =>
    `<${element.localName}${Array.from(element.attributes, (attribute) => ` ${attribute.name}="${attribute.value.slice(0, 60)}"`).join('')}>`;
  const check = (element: Element) => {
    state.scans += 1;
    const name = element.localName.toLowerCase();
    const inTranscript = element.closest('[data-testid="transcript"]') !== null;
    // The panel's own icons (lucide SVGs, aria-hidden) on its buttons, never inside
    // rendered model text.
    const isPanelIcon =
      element.closest('svg.lucide[aria-hidden="true"]') !== null &&
      element.closest('button') !== null &&
      element.closest('.stream-text, .turn-text, .stream-reasoning') === null &&
      ['svg', 'path', 'rect', 'circle', 'line', 'polyline', 'polygon'].includes(name);
    // The panel's own stylesheet <link>/<style>/<meta> live in <head>, present before this runs.
    if (
      NEVER.has(name) &&
      !(element.closest('head') && ['link', 'meta', 'style', 'script'].includes(name))
    )
      state.unsafe.push(`element ${show(element)}`);
    else if (name === 'style' && !element.closest('head'))
      state.unsafe.push(`element ${show(element)}`);
    else if (inTranscript && !SAFE_IN_TRANSCRIPT.has(name) && !isPanelIcon)
      state.unsafe.push(`element in transcript ${show(element)}`);
    for (const attribute of Array.from(element.attributes)) {
      const attr = attribute.name.toLowerCase();
      const value = attribute.value;
      if (attr.startsWith('on')) state.unsafe.push(`attribute ${attr} on ${show(element)}`);
      else if (
        [
          'src',
          'srcdoc',
          'formaction',
          'action',
          'xlink:href',
          'background',
          'poster',
          'data',
        ].includes(attr) &&
        inTranscript
      )
        state.unsafe.push(`attribute ${attr} on ${show(element)}`);
      else if (attr === 'srcdoc') state.unsafe.push(`attribute srcdoc on ${show(element)}`);
      else if (attr === 'style' && /url\s*\(|expression\s*\(/i.test(value))
        state.unsafe.push(`style url on ${show(element)}`);
      else if (attr === 'style' && inTranscript)
        state.unsafe.push(`style in transcript on ${show(element)}`);
      else if (
        attr === 'href' &&
        name === 'a' &&
        inTranscript &&
        !/^(https:|mailto:)/i.test(value.trim())
      )
        state.unsafe.push(`href ${show(element)}`);
      else if (attr === 'href' && name !== 'a' && !element.closest('head'))
        state.unsafe.push(`href on ${show(element)}`);
    }
  };
  const scan = (node: Node) => {
    if (node instanceof Element) {
      check(node);
      for (const child of Array.from(node.querySelectorAll('*'))) check(child);
    }
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'childList') record.addedNodes.forEach(scan);
      else if (record.target instanceof Element) check(record.target);
    }
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
  host['__hostileScan'] = () => scan(document.documentElement);
}

type WatchState = {
  ran: string[];
  unsafe: string[];
  csp: string[];
  scans: number;
  textLength: number;
  liveText: string;
};

async function readWatch(): Promise<WatchState> {
  return panel.evaluate(() => {
    const host = window as unknown as Record<string, unknown>;
    (host['__hostileScan'] as () => void)();
    const state = host['__hostileWatch'] as WatchState;
    const transcript = document.querySelector('[data-testid="transcript"]');
    const live = document.querySelector('[data-testid="live-turn"]');
    return {
      ...state,
      unsafe: [...new Set(state.unsafe)].slice(0, 20),
      textLength: transcript?.textContent?.length ?? 0,
      liveText: (live?.textContent ?? '').slice(0, 4000),
    };
  });
}

function expectClean(state: WatchState, when: string): void {
  expect(state.ran, `payload ran (${when})`).toEqual([]);
  expect(state.unsafe, `unsafe DOM (${when})`).toEqual([]);
  expect(state.csp, `CSP violations (${when})`).toEqual([]);
  expect(leaked, `requests left the panel (${when})`).toEqual([]);
  expect(state.scans).toBeGreaterThan(0);
}

beforeAll(async () => {
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'panel-hostile-'));
  workbench = await startWorkbench({ https: makeSelfSignedCert(path.join(tmp, 'cert')) });
  models = await startModelServer({ scenario: 'basic-tool-loop' });
  await models.setScenario(hostileScenario());
  proxy = await startCorsProxy(models.port);
  harness = await launchExtensionBrowser({
    typstPort: workbench.port,
    hostRules: ['EXCLUDE 127.0.0.1'],
  });
  await harness.waitForStartup();
  const page = await harness.context.newPage();
  await page.goto('https://typst.app/project/thesis');
  await bridgeConnected(page);
  tabId = await harness.tabIdOf(page);
  panel = await harness.openPanelTab(tabId);
  const ids = await saveScriptedModels(panel, proxy.baseUrl, [{ modelId: 'hostile' }]);
  await activateModel(panel, ids['hostile']!);
  await panelRequest(panel, {
    type: 'session/create',
    payload: { scope: { siteId: 'typst', projectId: 'thesis' } },
  });

  // Every request a panel frame makes, from here on: only the extension's own URLs are allowed.
  const isPanelRequest = (entry: Request): boolean => {
    try {
      return entry.frame().page() === panel;
    } catch {
      return false; // a service worker request (the worker's model call, through the proxy)
    }
  };
  const record = (entry: Request) => {
    if (!entry.url().startsWith('chrome-extension://'))
      leaked.push(`${entry.method()} ${entry.url().slice(0, 200)}`);
  };
  panel.on('request', record);
  harness.context.on('request', (entry) => {
    if (isPanelRequest(entry)) record(entry);
  });
  await panel.addInitScript(installWatch);
  await panel.reload();
  await panel.waitForFunction(() => '__hostileWatch' in window, null, { timeout: 10_000 });
}, 120_000);

afterAll(async () => {
  await harness?.close();
  await proxy?.close();
  await models?.close();
  await workbench?.close();
});

describe('hostile Markdown in the real side panel', () => {
  it('streams the corpus and a 1 MB line inert: no script runs, no unsafe DOM, no request leaves; the text is shown as text', async () => {
    expect(corpus).toContain('<script>');
    expectClean(await readWatch(), 'before sending');

    const input = panel.getByTestId('composer-input');
    await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
    await input.fill('Render the hostile corpus.');
    await input.press('Enter');

    // During streaming: sample while the live turn shows text.
    const live = panel.getByTestId('live-turn');
    await expect
      .poll(() => live.textContent().catch(() => ''), { timeout: 20_000 })
      .toContain('Hostile corpus follows.');
    let samples = 0;
    let sawReasoning = false;
    let sawScriptText = false;
    for (let attempt = 0; attempt < 60; attempt += 1) {
      if ((await live.count()) === 0) break;
      const state = await readWatch();
      if (state.liveText.length === 0) break;
      expectClean(state, `streaming sample ${samples + 1}`);
      sawReasoning ||= state.liveText.includes('Thinking about');
      sawScriptText ||= state.liveText.includes('<script>');
      samples += 1;
      await panel.waitForTimeout(250);
    }
    expect(samples, 'samples taken while the run streamed').toBeGreaterThanOrEqual(3);
    expect(sawReasoning, 'reasoning payloads shown live').toBe(true);
    expect(sawScriptText, 'the literal <script> shown live as text').toBe(true);

    // After: the stored turn.
    const answer = panel.getByTestId('assistant-turn').last();
    await expect
      .poll(() => answer.getAttribute('data-status').catch(() => null), { timeout: 45_000 })
      .toBe('complete');
    await expect
      .poll(
        () =>
          answer
            .evaluate((element) => (element.textContent ?? '').includes('END-OF-HOSTILE-ANSWER'))
            .catch(() => false),
        { timeout: 10_000 },
      )
      .toBe(true);
    // The stored view replays long answers over several frames; on a busy machine the
    // last blocks may still be coming when the end mark is already in.
    await expect
      .poll(() => answer.evaluate((element) => (element.textContent ?? '').length), {
        timeout: 20_000,
      })
      .toBeGreaterThan(200_000);
    await panel.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    const after = await readWatch();
    expectClean(after, 'after the stored turn is shown');

    const shown = await answer.evaluate((element) => ({
      text: element.textContent ?? '',
      anchors: Array.from(
        element.querySelectorAll('a[href]'),
        (anchor) => anchor.getAttribute('href') ?? '',
      ),
      reasoning: element.querySelector('details.stream-reasoning')?.textContent ?? '',
    }));
    // Visible as text, not dropped: scripts, handlers, SVG/MathML, RTL text and the huge line.
    for (const literal of [
      '<script>',
      "window.__pwned = 'script-block'",
      'onerror=',
      '<svg onload',
      '<math>',
      '<iframe srcdoc',
      'javascript:',
      'invoice',
      'Legit Hebrew',
    ]) {
      expect(shown.text.includes(literal), `stored answer shows ${literal} as text`).toBe(true);
    }
    expect(shown.text.length, 'stored answer length').toBeGreaterThan(200_000);
    expect(shown.text.includes(HUGE_UNIT.repeat(100)), 'the 1 MB line shows as text').toBe(true);
    expect(
      shown.reasoning.includes('<script>window.__pwned="reasoning"</script>'),
      'reasoning payload shows as text',
    ).toBe(true);
    // Links that survived are https/mailto only, and the safe ones did survive.
    expect(shown.anchors.filter((href) => !/^(https:|mailto:)/i.test(href))).toEqual([]);
    expect(shown.anchors).toContain('https://ok.example/path?q=1#f');
    expect(shown.anchors).toContain('mailto:someone@example.com');

    // Reload: the stored conversation renders from storage, still inert.
    leaked.length = 0;
    await panel.reload();
    await panel.waitForFunction(() => '__hostileWatch' in window, null, { timeout: 10_000 });
    await expect
      .poll(
        () =>
          panel
            .getByTestId('assistant-turn')
            .last()
            .evaluate((element) => (element.textContent ?? '').includes('END-OF-HOSTILE-ANSWER'))
            .catch(() => false),
        { timeout: 20_000 },
      )
      .toBe(true);
    // As above: the stored view replays the long answer over several frames.
    await expect
      .poll(async () => (await readWatch()).textLength, { timeout: 20_000 })
      .toBeGreaterThan(200_000);
    await panel.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    const reloaded = await readWatch();
    expectClean(reloaded, 'after reloading the panel');
    expect(reloaded.textLength, 'reloaded transcript length').toBeGreaterThan(200_000);

    // Positive control: the same watchers do see a payload that gets through.
    await panel.evaluate(() => {
      const transcript = document.querySelector('[data-testid="transcript"]')!;
      const bad = document.createElement('div');
      bad.innerHTML = `<a href="javascript:void 0">x</a><b onclick="window.__pwned='control'">y</b><img src="https://tracker.example/pixel.gif">`;
      transcript.append(bad);
      (window as unknown as Record<string, unknown>)['__pwned'] = 'control';
    });
    await expect
      .poll(async () => (await readWatch()).ran, { timeout: 5_000 })
      .toContain('__pwned=control');
    const control = await readWatch();
    expect(control.unsafe.some((entry) => entry.includes('onclick'))).toBe(true);
    expect(control.unsafe.some((entry) => entry.includes('javascript:'))).toBe(true);
    expect(control.unsafe.some((entry) => entry.includes('<img'))).toBe(true);
    await expect
      .poll(async () => leaked.length + (await readWatch()).csp.length, { timeout: 5_000 })
      .toBeGreaterThan(0);
  }, 90_000);
});
