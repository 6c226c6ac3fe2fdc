// Naming an element without a ref, in real runs through the built extension in real
// Chromium: a click by the label a person sees (case and accents folded), typing by
// CSS selector, and the same refusals a ref action gets: a label that matches two
// buttons presses neither, and a covered button is refused naming what covers it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runTools } from '../support/tool-runs';
import { startWebRunRig, type WebRunRig } from '../support/web-run-rig';

const HOST = 'cafe.example';
const PAGE = `<!doctype html><html lang="fr"><title>Café</title>
<h1>Commande</h1>
<button id="add" onclick="document.getElementById('count').textContent = String(++window.added)">Ajouter au panier</button>
<p>Panier : <span id="count">0</span></p>
<label>Rechercher <input id="q" name="q"></label>
<button onclick="window.bought = (window.bought || 0) + 1">Acheter</button>
<button onclick="window.bought = (window.bought || 0) + 1">Acheter</button>
<div style="position:relative;width:240px;height:60px">
  <button id="offer" onclick="window.offerTaken = true" style="width:200px;height:40px">Offre spéciale</button>
  <div id="banner" style="position:absolute;inset:0;background:#fffbe6">Bannière cookies</div>
</div>
<script>window.added = 0;</script>`;

let rig: WebRunRig;

beforeAll(async () => {
  rig = await startWebRunRig({ [HOST]: { '/': PAGE } }, HOST);
});

afterAll(async () => {
  await rig?.close();
});

const run = (steps: Parameters<typeof runTools>[1]) =>
  runTools({ driver: rig.driver, models: rig.models, modelId: rig.modelId }, steps, {
    agentMode: 'act',
  });

describe('actions on an element named without a ref', () => {
  it('clicks by label and types by selector, as ref actions do', async () => {
    const { results } = await run([
      { name: 'click', arguments: { label: 'AJOUTER AU PANIER' } },
      { name: 'type', arguments: { selector: '#q', text: 'croissant' } },
      { name: 'click', arguments: { label: 'offre', match: 'prefix' } },
    ]);
    expect(results[0]).toMatchObject({ ok: true });
    expect(await rig.tab.locator('#count').textContent()).toBe('1');
    expect(results[1]).toMatchObject({ ok: true });
    expect(await rig.tab.locator('#q').inputValue()).toBe('croissant');
    // Found by its label, then refused like any covered ref, naming the cover.
    expect(results[2]).toMatchObject({ ok: false, code: 'INPUT_TARGET_COVERED' });
    expect(JSON.stringify(results[2])).toContain('Bannière cookies');
    expect(
      await rig.tab.evaluate(() => (window as { offerTaken?: boolean }).offerTaken),
    ).toBeUndefined();
  });

  it('clicks the control at a point, and refuses a point outside the visible page', async () => {
    const box = await rig.tab.locator('#add').boundingBox();
    const before = Number(await rig.tab.locator('#count').textContent());
    const { results } = await run([
      // The point is on the button's own text: the click goes to the button it is in.
      { name: 'click', arguments: { x: (box?.x ?? 0) + 10, y: (box?.y ?? 0) + 5 } },
      { name: 'click', arguments: { x: 50_000, y: 10 } },
    ]);
    expect(results[0]).toMatchObject({ ok: true });
    expect(Number(await rig.tab.locator('#count').textContent())).toBe(before + 1);
    expect(results[1]).toMatchObject({ ok: false, code: 'INPUT_TARGET_NOT_VISIBLE' });
    expect(String(results[1]?.['message'])).toMatch(/outside the visible page/);
  });

  it('presses nothing when a label matches two buttons, and lists them by ref', async () => {
    const { results } = await run([
      { name: 'click', arguments: { label: 'acheter' } },
      { name: 'click', arguments: { label: 'Payer' } },
      { name: 'click', arguments: { selector: 'button:has-text("Acheter")' } },
    ]);
    expect(results[0]).toMatchObject({ ok: false, code: 'PAGE_TARGET_AMBIGUOUS' });
    expect(String(results[0]?.['message'])).toMatch(
      /2 visible elements .* e\d+ button "Acheter"; e\d+ button "Acheter"/,
    );
    expect(results[1]).toMatchObject({ ok: false, code: 'PAGE_TARGET_NOT_FOUND' });
    expect(results[2]).toMatchObject({ ok: false, code: 'PAGE_SELECTOR_INVALID' });
    expect(await rig.tab.evaluate(() => (window as { bought?: number }).bought)).toBeUndefined();
  });
});
