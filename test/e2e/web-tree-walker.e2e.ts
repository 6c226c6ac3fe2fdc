// One frame's walk and lines in real Chromium (the tree code as a page script, so
// with real layout and styles): wrappers add no depth, hidden things are left out and
// counted, off-screen lines say where, covered controls say by what, open dialogs
// come first, form state is shown and secrets never are.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from '../support/extension-browser';
import { addTreeHarness, harnessWalk } from '../support/web-fixtures/tree-harness';

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: ['--no-sandbox'] });
  page = await browser.newPage({ viewport: { width: 800, height: 600 } });
});

afterAll(async () => {
  await browser?.close();
});

async function treeOf(html: string, filter: 'visible' | 'all' | 'interactive' = 'all') {
  await page.setContent(`<!doctype html><body style="margin:0">${html}</body>`);
  await addTreeHarness(page);
  return harnessWalk(page, filter);
}

describe('tree walk in Chromium', () => {
  it('keeps only what can be used with the interactive filter, with the same refs', async () => {
    const html = `<h1>Garden shop</h1><p>Galvanised steel watering can, in stock.</p>
      <nav aria-label="Main"><a href="/cart">Basket</a></nav>
      <label>Quantity <input type="number" value="1"></label>
      <button>Add to basket</button>`;
    const all = await treeOf(html);
    const interactive = await harnessWalk(page, 'interactive');
    expect(all.text).toContain('Galvanised steel');
    expect(interactive.text).not.toMatch(/Galvanised steel|heading "Garden shop"/);
    for (const control of ['link "Basket"', 'spinbutton "Quantity"', 'button "Add to basket"']) {
      const line = (text: string) => text.split('\n').find((entry) => entry.includes(control));
      expect(line(interactive.text), control).toBeDefined();
      // The same element keeps its ref whichever filter read it.
      expect(line(interactive.text)?.match(/\[e\d+\]/)?.[0]).toBe(
        line(all.text)?.match(/\[e\d+\]/)?.[0],
      );
    }
  });

  it('adds no depth for wrappers without meaning', async () => {
    const { text } = await treeOf(
      '<nav aria-label="Main"><div><div><span><a href="/a">Home</a></span></div></div></nav>',
    );
    expect(text).toBe('navigation "Main" [e1]\n link "Home" [e2] href="/a"');
  });

  it('leaves hidden elements out and counts them, and shows a visible child of a hidden parent', async () => {
    const { text, counts } = await treeOf(`
      <div style="display:none"><button>None</button><p>Secret words</p></div>
      <div style="visibility:hidden"><button>Invisible</button><button style="visibility:visible">Shown child</button></div>
      <div aria-hidden="true"><button>Aria hidden</button></div>
      <span style="position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)">Clipped text</span>
      <div style="opacity:0"><p>Transparent text</p></div>
      <button>Plain</button>`);
    expect(text).not.toMatch(
      /None|Secret words|Invisible|Aria hidden|Clipped text|Transparent text/,
    );
    expect(text).toContain('button "Shown child"');
    expect(text).toContain('button "Plain"');
    expect(counts['hidden']).toBeGreaterThanOrEqual(6);
  });

  it('marks off-screen lines with their direction, and a visible walk counts what it skipped', async () => {
    const html = `<button>Top</button><div style="height:3000px"></div><button>Far below</button>
      <div style="position:absolute;left:2000px;top:10px"><button>Far right</button></div>`;
    const all = await treeOf(html);
    expect(all.text).toContain('button "Far below" [e2] offscreen:below');
    expect(all.text).toContain('button "Far right" [e3] offscreen:right');
    const visible = await harnessWalk(page, 'visible');
    expect(visible.text).toBe('button "Top" [e1]');
    expect(visible.counts['below']).toBeGreaterThan(0);
  });

  it('says what covers a control, and puts open dialogs first', async () => {
    const { text } = await treeOf(`
      <main><h1>Shop</h1><button style="position:absolute;top:100px;left:100px">Buy now</button></main>
      <div role="dialog" aria-label="Cookies" style="position:fixed;inset:0;background:#fff">
        <button>Accept all</button></div>`);
    const lines = text.split('\n');
    expect(lines[0]).toBe('# open dialogs, menus and popups, shown first:');
    expect(lines[1]).toBe('dialog "Cookies" [e1]');
    expect(lines[2]).toBe(' button "Accept all" [e2]');
    expect(text).toMatch(/button "Buy now" \[e\d+\] covered-by dialog "Cookies"/);
    expect(text.match(/Accept all/g)).toHaveLength(1);
  });

  it('shows form state: values, checked, options with the chosen one, disabled, required, invalid', async () => {
    const { text } = await treeOf(`
      <label>Name <input value="Ada" required></label>
      <label><input type="checkbox" checked> News</label>
      <label>Size <select><option>S</option><option selected>M</option><option>L</option></select></label>
      <button disabled>Pay</button>
      <input aria-label="Zip" aria-invalid="true" value="x">
      <details><summary>More</summary>Inside</details>`);
    expect(text).toContain('textbox "Name" [e1] value="Ada" required');
    expect(text).toContain('checkbox "News" [e2] checked');
    expect(text).toContain('combobox "Size" [e3] options: "S" | ["M"] | "L"');
    expect(text).toContain('button "Pay" [e4] disabled');
    expect(text).toContain('textbox "Zip" [e5] value="x" invalid');
    expect(text).toMatch(/button "More" \[e\d+\] collapsed/);
    expect(text).not.toContain('Inside');
  });

  it('never prints the value of a password, hidden or card field', async () => {
    const { text } = await treeOf(`
      <input type="password" aria-label="Password" value="hunter2">
      <input type="hidden" name="token" value="tok-123">
      <input aria-label="Card number" autocomplete="cc-number" value="4111111111111111">
      <input name="cvv" aria-label="Security" value="123">`);
    expect(text).not.toMatch(/hunter2|tok-123|4111|"123"/);
    expect(text).toContain('textbox "Password" [e1] secret filled');
    expect(text).toContain('textbox "Card number" [e2] secret filled');
  });

  it('keeps a ref for an element while it lives and never reuses a number', async () => {
    await treeOf('<button id="a">A</button><button id="b">B</button>');
    const first = await harnessWalk(page);
    await page.evaluate(() => {
      document.getElementById('a')?.remove();
      const again = document.createElement('button');
      again.textContent = 'A again';
      document.body.prepend(again);
    });
    const second = await harnessWalk(page);
    expect(first.text).toBe('button "A" [e1]\nbutton "B" [e2]');
    expect(second.text).toBe('button "A again" [e3]\nbutton "B" [e2]');
  });
});
