// End-to-end tests of the Typst workbench in real headless Chromium: the page is served as
// https://typst.app/project/<id>, with the real CodeMirror 6 editor and the real typst.ts
// compiler in a Web Worker. One browser and one page for the whole file, to keep it cheap.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startWorkbench } from '../../workbench/server.mjs';
import { launchWorkbenchBrowser, TYPST_ORIGIN } from './support/workbench-browser';
import type { WorkbenchBrowser } from './support/workbench-browser';

let browser: WorkbenchBrowser;
let page: Page;

beforeAll(async () => {
  browser = await launchWorkbenchBrowser();
  page = await browser.openProject('thesis');
});

afterAll(async () => {
  await browser?.close();
});

/** Reloads the thesis fixture (drops edits) and waits for its compile. */
async function resetProject(): Promise<void> {
  await page.evaluate(() => window.__workbench.switchProject('thesis'));
}

async function setMain(text: string) {
  return page.evaluate(async (t) => {
    window.__workbench.setText('main.typ', t);
    return window.__workbench.whenCompiled();
  }, text);
}

/**
 * What a main-world script sees: walk `cmTile` (view >= 6.39) or `cmView` (<= 6.38) from
 * `.cm-content` up to the EditorView, as the recipe documents. Stores it on window.__found.
 */
async function findViewFromDom(): Promise<{
  via: string;
  hops: number;
  sameAsApp: boolean;
} | null> {
  return page.evaluate(() => {
    const content = document.querySelector('.cm-content') as any;
    if (!content) return null;
    const via = content.cmTile ? 'cmTile' : content.cmView ? 'cmView' : 'none';
    let node = content.cmTile ?? content.cmView;
    for (let hops = 0; node && hops < 20; hops++) {
      if (node.state && node.dispatch) {
        (window as any).__found = node;
        return { via, hops, sameAsApp: node === window.__workbench.getView() };
      }
      node = node.editorView ?? node.view ?? node.parent;
    }
    return null;
  });
}

function crumbs(): Promise<string[]> {
  return page.evaluate(() =>
    [
      ...document.querySelectorAll(
        'header [role="heading"][aria-level="1"] > span > span:first-child',
      ),
    ].map((s) => s.textContent ?? ''),
  );
}

describe('typst workbench', () => {
  test('the 5-page sample compiles offline and renders one canvas per page', async () => {
    const result = await page.evaluate(() => window.__workbench.whenCompiled());
    expect(result.diagnostics).toEqual([]);
    expect(result.pages).toBe(5);
    const canvases = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLCanvasElement>('.preview canvas')].map((c) => {
        const data =
          c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
        let ink = 0;
        for (let i = 0; i < data.length; i += 4 * 97) if ((data[i] ?? 255) < 128) ink += 1;
        return { width: c.width, height: c.height, ink };
      }),
    );
    expect(canvases).toHaveLength(5);
    for (const canvas of canvases) {
      expect(canvas.width * canvas.height).toBeGreaterThan(120_000);
      expect(canvas.ink).toBeGreaterThan(10); // real text was drawn, not a blank page
    }
    const improve = await page.locator('[role="region"][aria-label="Improve"]').innerText();
    expect(improve).toContain('There is nothing we can suggest at the moment');
  });

  test('header, title, Files tree and sidebar follow typst.app', async () => {
    expect(await crumbs()).toEqual(['alice', 'Thesis', 'main.typ']);
    expect(await page.title()).toBe('Thesis – main.typ – Typst');
    const facts = await page.evaluate(() => {
      const heading = document.querySelector('header [role="heading"][aria-level="1"]');
      const status = heading?.querySelector('span [role="status"]');
      const files = document.querySelector('aside[role="region"][aria-label="Files"]');
      const rows = [...(files?.querySelector('ul')?.children ?? [])].map((li) => {
        const button = li.querySelector(':scope > button');
        const paths = [...(button?.querySelectorAll('svg path') ?? [])].map(
          (p) => p.getAttribute('d') ?? '',
        );
        return {
          label: button?.textContent ?? '',
          shapes:
            button?.querySelectorAll(
              'svg rect, svg circle, svg ellipse, svg line, svg polyline, svg polygon',
            ).length ?? -1,
          paths,
          hasChildList: li.querySelector(':scope > ul') !== null,
          selected: button?.getAttribute('aria-selected'),
        };
      });
      const viewport = window.innerWidth;
      const improveRect = document
        .querySelector('[role="region"][aria-label="Improve"]')
        ?.getBoundingClientRect();
      return {
        statusText: status?.textContent,
        firstHeading: files?.querySelector('h1, h2, h3, h4, [role="heading"]')?.textContent,
        rows,
        filesRight: files?.getBoundingClientRect().right ?? 0,
        improveRight: improveRect?.right ?? 0,
        viewport,
      };
    });
    expect(facts.statusText).toBe('');
    expect(facts.firstHeading).toBe('Files');
    expect(facts.rows.map((r) => r.label)).toEqual([
      'chapters',
      'images',
      'LICENSE',
      'main.typ',
      'ref.bib',
    ]);
    for (const folder of facts.rows.slice(0, 2)) {
      // The closed-folder glyph test: one path, one move-to, C + H + V, ends in Z.
      expect(folder.hasChildList).toBe(false);
      expect(folder.shapes).toBe(0);
      expect(folder.paths).toHaveLength(1);
      const d = folder.paths[0] ?? '';
      expect(d.match(/[Mm]/g)).toHaveLength(1);
      expect(d).toMatch(/C/);
      expect(d).toMatch(/H/);
      expect(d).toMatch(/V/);
      expect(d.trim()).toMatch(/Z$/i);
    }
    expect(facts.rows.find((r) => r.label === 'main.typ')?.selected).toBe('true');
    expect(facts.filesRight).toBeLessThan(facts.viewport / 2);
    expect(facts.improveRight).toBeLessThan(facts.viewport / 2);
  });

  test('an injected error shows in the Improve panel and as a lint mark within 2 s', async () => {
    await page.click('.cm-content');
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n#nosuchfunction(1)');
    const typedAt = Date.now();
    await page.waitForFunction(
      () => {
        const mark = document.querySelector('.cm-lintRange-error');
        const improve =
          document.querySelector('[role="region"][aria-label="Improve"]')?.textContent ?? '';
        return mark !== null && improve.includes('1 compiler error');
      },
      null,
      { timeout: 2000 },
    );
    expect(Date.now() - typedAt).toBeLessThan(2000);
    const shown = await page.evaluate(() => {
      const panel = document.querySelector('[role="region"][aria-label="Improve"]');
      const button = [...(panel?.querySelectorAll('button') ?? [])].find((b) =>
        b.textContent?.includes('compiler error'),
      );
      const list = button?.nextElementSibling;
      const row = list?.querySelector('[role="listitem"]');
      const lines = window.__workbench.getView()?.state.doc.lines ?? 0;
      return {
        buttonParagraphs: [...(button?.querySelectorAll('p') ?? [])].map((p) => p.textContent),
        listRole: list?.getAttribute('role'),
        message: row?.querySelector('p')?.textContent,
        badge: [...(row?.querySelectorAll('span') ?? [])]
          .map((s) => s.textContent)
          .find((t) => t?.startsWith('line ')),
        mark: document.querySelector('.cm-lintRange-error')?.textContent,
        lines,
      };
    });
    expect(shown.buttonParagraphs).toEqual(['Typst', '1 compiler error']);
    expect(shown.listRole).toBe('list');
    expect(shown.message).toContain('unknown variable: nosuchfunction');
    expect(shown.badge).toBe(`line ${shown.lines}`);
    expect(shown.mark).toBe('nosuchfunction');
    // The last good render stays while the document has an error.
    expect(await page.locator('.preview canvas').count()).toBe(5);
    await resetProject();
  });

  test('the spelling group lists slips as "original → suggestion" with a line badge', async () => {
    await setMain('= Notes\nWe recieve the data.\n');
    const rows = await page.evaluate(() => {
      const panel = document.querySelector('[role="region"][aria-label="Improve"]');
      const button = [...(panel?.querySelectorAll('button') ?? [])].find((b) =>
        b.textContent?.includes('Misspellings'),
      );
      return [...(button?.nextElementSibling?.querySelectorAll('[role="listitem"]') ?? [])].map(
        (r) => r.textContent,
      );
    });
    expect(rows).toEqual(['recieve → receivemain.typline 2']);
    await resetProject();
  });

  test('lint marks use UTF-16 columns although typst reports code points', async () => {
    const result = await setMain('ééé 😀 $ab$\n');
    expect(result.diagnostics[0]?.start).toEqual({ line: 0, column: 7 });
    expect(await page.locator('.cm-lintRange-error').first().innerText()).toBe('ab');
    await resetProject();
  });

  test('opening files recreates the editor and updates breadcrumb, title and tree', async () => {
    const before = await findViewFromDom();
    expect(before?.sameAsApp).toBe(true);
    await page.click('aside[aria-label="Files"] button:has-text("chapters")');
    const chapters = page.locator(
      'aside[aria-label="Files"] li:has(> button:has-text("chapters"))',
    );
    expect(await chapters.locator(':scope > ul').count()).toBe(1);
    expect(await chapters.locator(':scope > button svg path').count()).toBe(2); // open-folder glyph
    await page.click('aside[aria-label="Files"] button:has-text("intro.typ")');
    const changed = await page.evaluate(() => {
      const old = (window as any).__found;
      return {
        newView: window.__workbench.getView() !== old,
        oldConnected: old.dom.isConnected,
        text: window.__workbench.getText(),
      };
    });
    expect(changed.newView).toBe(true);
    expect(changed.oldConnected).toBe(false);
    expect(changed.text?.startsWith('= Introduction')).toBe(true);
    expect(await crumbs()).toEqual(['alice', 'Thesis', 'chapters', 'intro.typ']);
    expect(await page.title()).toBe('Thesis – intro.typ – Typst');
    const selected = await page
      .locator('aside[aria-label="Files"] [aria-selected="true"]')
      .allInnerTexts();
    expect(selected).toEqual(['intro.typ']);
    const after = await findViewFromDom();
    expect(after?.sameAsApp).toBe(true);

    // An error in the included file lands on the included file's lint layer.
    await page.evaluate(() =>
      window.__workbench.setText('chapters/intro.typ', '= Introduction\n#oops'),
    );
    await page.evaluate(() => window.__workbench.whenCompiled());
    expect(await page.locator('.cm-lintRange-error').first().innerText()).toBe('oops');

    await page.click('aside[aria-label="Files"] button:has-text("images")');
    await page.click('aside[aria-label="Files"] button:has-text("plate.png")');
    const asset = await page.locator('body').innerText();
    expect(asset).toMatch(/Path:\s*images\/plate\.png/);
    expect(asset).toMatch(/Format:\s*PNG/);
    expect(asset).toMatch(/Resolution:\s*240 × 160 px/);
    expect(asset).toMatch(/Size:\s*13\.9 kB/);
    expect(await page.locator('.cm-editor').count()).toBe(0);
    expect(
      await page
        .locator('img[alt*="preview"]')
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBe(240);
    expect(await crumbs()).toEqual(['alice', 'Thesis', 'images', 'plate.png']);

    await page.click('aside[aria-label="Files"] button:has-text("LICENSE")');
    expect(await page.title()).toBe('Thesis – LICENSE – Typst');
    expect(await page.evaluate(() => window.__workbench.getText())).toContain('Copyright');
    await resetProject();
  });

  test('a main-world dispatch on the view found through cmTile recompiles', async () => {
    const found = await findViewFromDom();
    expect(found).toEqual({ via: 'cmTile', hops: 1, sameAsApp: true });
    const result = await page.evaluate(async () => {
      (window as any).__found.dispatch({
        changes: { from: 0, to: 0, insert: '#undefinedthing\n' },
      });
      return window.__workbench.whenCompiled();
    });
    expect(result.diagnostics.map((d) => d.message)).toContain('unknown variable: undefinedthing');
    await resetProject();
  });

  test('bad input gives a diagnostic, never a crash or hang', async () => {
    const cases: [string, 'error' | 'warning', RegExp][] = [
      ['= Broken\n#let x = (1, 2\n', 'error', /unclosed delimiter|expected/],
      [
        '#set text(font: "No Such Font 123")\nHello',
        'warning',
        /unknown font family: no such font 123/,
      ],
      [
        '#include "chapters/missing.typ"',
        'error',
        /file not found|failed to load file|access denied/,
      ],
      ['#import "@preview/cetz:0.3.4": canvas\n', 'error', /failed to load package|package/],
    ];
    for (const [text, severity, message] of cases) {
      const result = await setMain(text);
      const match = result.diagnostics.find(
        (d) => d.severity === severity && message.test(d.message),
      );
      expect(match, `${text} -> ${JSON.stringify(result.diagnostics)}`).toBeDefined();
      const summary = severity === 'error' ? 'compiler error' : 'warning';
      expect(await page.locator('[role="region"][aria-label="Improve"]').innerText()).toContain(
        summary,
      );
    }
    // Still alive and compiling after all of that.
    const fixed = await setMain('= Fine\nAll good.');
    expect(fixed.diagnostics).toEqual([]);
    expect(fixed.pages).toBe(1);
    await resetProject();
  });

  test('a 1 MiB document stays editable', async () => {
    const paragraph =
      'The plate cools evenly along its edges while the centre keeps its heat for longer. ';
    const big = `= Big\n${Array.from({ length: 1300 }, () => paragraph.repeat(10) + '\n\n').join('')}`;
    expect(big.length).toBeGreaterThan(1024 * 1024);
    await page.evaluate((t) => window.__workbench.setText('main.typ', t), big);
    await page.click('.cm-content');
    await page.keyboard.press('Control+Home');
    const started = Date.now();
    await page.keyboard.type('Typed while compiling. ');
    const typingMs = Date.now() - started;
    expect(await page.evaluate(() => window.__workbench.getText()?.slice(0, 40))).toContain(
      'Typed while compiling. ',
    );
    expect(typingMs).toBeLessThan(5_000); // about 20 ms per key here; a blocked main thread would take seconds
    const result = await page.evaluate(() => window.__workbench.whenCompiled());
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.pages).toBeGreaterThan(100);
    // Every page has a canvas; far pages are drawn only when scrolled near.
    expect(await page.locator('.preview canvas').count()).toBe(result.pages);
    await page.locator('.preview canvas').last().scrollIntoViewIfNeeded();
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLCanvasElement>('.preview canvas')].at(-1)?.dataset
          .drawn === '1',
    );
    await resetProject();
  });

  test('test controls: remote edit, slow compiler, hidden Files panel, project switch', async () => {
    await page.evaluate(() =>
      window.__workbench.remoteEdit({ from: 0, to: 0, insert: '// from a collaborator\n' }),
    );
    expect(await page.evaluate(() => window.__workbench.getText()?.split('\n')[0])).toBe(
      '// from a collaborator',
    );

    await page.evaluate(() => window.__workbench.setCompileDelay(1500));
    await page.evaluate(() => window.__workbench.setText('main.typ', '= Slow\n#nope'));
    await page.waitForTimeout(1000);
    expect(await page.evaluate(() => window.__workbench.isCompileIdle())).toBe(false);
    const slow = await page.evaluate(() => window.__workbench.whenCompiled());
    expect(slow.diagnostics.some((d) => d.message.includes('nope'))).toBe(true);
    await page.evaluate(() => window.__workbench.setCompileDelay(0));

    await page.evaluate(() => window.__workbench.hideFilesPanel(true));
    expect(await page.locator('aside[aria-label="Files"]').isVisible()).toBe(false);
    await page.evaluate(() => window.__workbench.hideFilesPanel(false));
    expect(await page.locator('aside[aria-label="Files"]').isVisible()).toBe(true);

    await page.evaluate(() => window.__workbench.switchProject('Lab notes'));
    expect(page.url()).toBe(`${TYPST_ORIGIN}/project/notes`);
    expect(await crumbs()).toEqual(['alice', 'Lab notes', 'main.typ']);
    expect(await page.title()).toBe('Lab notes – main.typ – Typst');
    expect(await page.evaluate(() => window.__workbench.getDiagnostics())).toEqual([]);
    expect(await page.locator('.preview canvas').count()).toBe(1);
    await resetProject();
    expect(await crumbs()).toEqual(['alice', 'Thesis', 'main.typ']);
  });

  test('the legacy CodeMirror build exposes its view through cmView', async () => {
    // Last test on the page: it stays on the legacy build (a reload costs a cold compile).
    const legacy = await browser.openProject('thesis', '?cm=legacy');
    expect(await legacy.evaluate(() => document.documentElement.dataset.cmVariant)).toBe('legacy');
    const found = await findViewFromDom();
    expect(found).toEqual({ via: 'cmView', hops: 1, sameAsApp: true });
    expect(
      await legacy.evaluate(() => 'cmTile' in (document.querySelector('.cm-content') as object)),
    ).toBe(false);
    const result = await setMain('#legacyerror');
    expect(result.diagnostics.map((d) => d.message)).toContain('unknown variable: legacyerror');
    expect(await legacy.locator('.cm-lintRange-error').innerText()).toBe('legacyerror');
  });

  test('no request ever left the typst.app origin', () => {
    const strays = browser.requests.filter(
      (url) => !url.startsWith(`${TYPST_ORIGIN}/`) && !/^(data|blob):/.test(url),
    );
    expect(browser.requests.length).toBeGreaterThan(20);
    expect(strays).toEqual([]);
    expect(
      browser.requests.some((url) => url.includes('/__workbench/generated/fonts/NewCMMath')),
    ).toBe(true);
  });
});

describe('workbench server', () => {
  test('serves the chosen CodeMirror variant, wasm as application/wasm, and nothing outside its folders', async () => {
    const server = await startWorkbench({ cmVariant: 'legacy', build: false });
    try {
      const html = await (await fetch(`${server.origin}/project/anything`)).text();
      expect(html).toContain('data-cm-variant="legacy"');
      expect(html).toContain('/__workbench/generated/legacy/main.js');
      const current = await (await fetch(`${server.origin}/project/anything?cm=current`)).text();
      expect(current).toContain('/__workbench/generated/current/main.js');
      const wasm = await fetch(
        `${server.origin}/__workbench/generated/wasm/typst_ts_renderer_bg.wasm`,
      );
      expect(wasm.headers.get('content-type')).toBe('application/wasm');
      await wasm.arrayBuffer();
      const escape = await fetch(`${server.origin}/__workbench/..%2f..%2fpackage.json`);
      expect(escape.status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
