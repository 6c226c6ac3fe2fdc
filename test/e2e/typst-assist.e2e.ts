// Inline completion in real Chromium on both workbench CodeMirror variants: a pause in
// typing shows the scripted model's continuation as ghost text that is not part of the
// document; Tab inserts it (one undoable editor transaction), Ctrl+Z takes it back;
// Escape dismisses; and fast typing against a slow model never shows stale ghost text
// nor inserts anything without Tab.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startTypstRuns, type TypstRuns, type TypstTab } from './support/typst-runs';

const GHOST = '[data-side-agent-ghost]';
const CONTINUATION = ' grows from careful reading.';

let runs: TypstRuns;

const ghostText = (page: Page) =>
  page.evaluate((selector) => document.querySelector(selector)?.textContent ?? null, GHOST);

async function enableCompletion(tab: TypstTab, delayMs: number) {
  const view = (await tab.driver.send({ type: 'settings/get', payload: {} })) as {
    data: { models: { id: string; modelId: string }[] };
  };
  const model = view.data.models.find((entry) => entry.modelId === 'scripted-model');
  await tab.driver.send({
    type: 'settings/save-general',
    payload: {
      patch: {
        completionEnabled: true,
        completionModelId: model?.id ?? null,
        completionDelayMs: delayMs,
      },
    },
  });
}

async function cursorAtEnd(tab: TypstTab, text: string) {
  await tab.setDoc(text);
  await tab.page.click('.cm-content');
  await tab.page.keyboard.press('Control+End');
}

beforeAll(async () => {
  runs = await startTypstRuns();
  await runs.models.setScenario({
    name: 'completion',
    turns: [{ steps: [{ text: `\`\`\`typst\n${CONTINUATION}\n\`\`\`` }] }],
    repeatLastTurn: true,
  });
}, 120_000);

afterAll(async () => {
  await runs?.close();
});

describe.each([
  ['current', ''],
  ['legacy', '?cm=legacy'],
])('inline completion on the %s CodeMirror build', (_variant, query) => {
  let tab: TypstTab;
  beforeAll(async () => {
    tab = await runs.open(query);
    await enableCompletion(tab, 200);
  }, 60_000);
  afterAll(async () => {
    await tab?.close();
  });

  it('shows a continuation as ghost text, Tab inserts it and Ctrl+Z takes it back', async () => {
    await cursorAtEnd(tab, '= Intro\nThe thesi');
    await tab.page.keyboard.type('s');
    await expect.poll(() => ghostText(tab.page), { timeout: 15_000 }).toBe(CONTINUATION);
    // Ghost text is drawn, never part of the document.
    expect(await tab.getDoc()).toBe('= Intro\nThe thesis');
    // CodeMirror joins edits less than 500 ms apart into one undo step; keep them apart so
    // each Ctrl+Z below takes back exactly one of them.
    await tab.page.waitForTimeout(700);
    await tab.page.keyboard.press('Tab');
    await expect
      .poll(() => tab.getDoc(), { timeout: 5_000 })
      .toBe(`= Intro\nThe thesis${CONTINUATION}`);
    expect(await ghostText(tab.page)).toBeNull();
    // The caret sits after the inserted text: the next key continues it.
    await tab.page.waitForTimeout(700);
    await tab.page.keyboard.type('!');
    await expect.poll(() => tab.getDoc()).toBe(`= Intro\nThe thesis${CONTINUATION}!`);
    // The '!' pause gets its own ghost text; Escape dismisses it before undoing.
    await expect.poll(() => ghostText(tab.page), { timeout: 15_000 }).toBe(CONTINUATION);
    await tab.page.keyboard.press('Escape');
    await tab.page.keyboard.press('Control+z');
    await expect.poll(() => tab.getDoc()).toBe(`= Intro\nThe thesis${CONTINUATION}`);
    await tab.page.keyboard.press('Control+z');
    await expect.poll(() => tab.getDoc()).toBe('= Intro\nThe thesis');
  });

  it('Escape and moving the cursor dismiss the ghost text without touching the document', async () => {
    await cursorAtEnd(tab, '= Intro\nA lin');
    await tab.page.keyboard.type('e');
    await expect.poll(() => ghostText(tab.page), { timeout: 15_000 }).toBe(CONTINUATION);
    await tab.page.keyboard.press('Escape');
    await expect.poll(() => ghostText(tab.page)).toBeNull();
    await tab.page.keyboard.type('s');
    await expect.poll(() => ghostText(tab.page), { timeout: 15_000 }).toBe(CONTINUATION);
    await tab.page.keyboard.press('ArrowLeft');
    await expect.poll(() => ghostText(tab.page)).toBeNull();
    expect(await tab.getDoc()).toBe('= Intro\nA lines');
  });
});

describe('inline completion racing fast typing', () => {
  it('100 keys a second for 10 s against a slow model: no ghost text while typing, nothing inserted without Tab', async () => {
    const tab = await runs.open('');
    try {
      await enableCompletion(tab, 150);
      await runs.models.setScenario({
        name: 'slow-completion',
        turns: [{ firstByteDelayMs: 400, steps: [{ text: CONTINUATION }] }],
        repeatLastTurn: true,
      });
      await cursorAtEnd(tab, '');
      // Every ghost text that ever appears is recorded with the document it was drawn on.
      await tab.page.evaluate((selector) => {
        const seen: { ghost: string; doc: string }[] = [];
        (window as unknown as { __ghosts: typeof seen }).__ghosts = seen;
        new MutationObserver(() => {
          const ghost = document.querySelector(selector);
          if (ghost)
            seen.push({
              ghost: ghost.textContent ?? '',
              doc: window.__workbench.getText('chapters/intro.typ') ?? '',
            });
        }).observe(document.body, { childList: true, subtree: true });
      }, GHOST);
      const before = runs.models.requests.length;
      const typed = 'word '.repeat(200);
      await tab.page.keyboard.type(typed, { delay: 10 });
      // The typing itself: nothing but the keys reached the document.
      expect(await tab.getDoc()).toBe(typed);
      const duringTyping = (
        await tab.page.evaluate(() => (window as unknown as { __ghosts: unknown[] }).__ghosts)
      ).length;
      // After the last key, exactly the final pause may show its ghost text.
      await expect.poll(() => ghostText(tab.page), { timeout: 15_000 }).toBe(CONTINUATION);
      const ghosts = await tab.page.evaluate(
        () => (window as unknown as { __ghosts: { ghost: string; doc: string }[] }).__ghosts,
      );
      // A ghost text was only ever drawn on the document as typed in full.
      expect(ghosts.every((entry) => entry.doc === typed)).toBe(true);
      expect(duringTyping).toBe(0);
      expect(await tab.getDoc()).toBe(typed);
      // Pauses while typing at 10 ms per key are rare on a loaded machine; each one made
      // at most one request, and none of their answers was shown.
      expect(runs.models.requests.length - before).toBeLessThan(40);
    } finally {
      await tab.close();
    }
  }, 240_000);
});
