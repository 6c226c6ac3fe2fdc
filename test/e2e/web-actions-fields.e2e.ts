// set_field and select_option in real Chromium: the shipped page-side act handlers
// answer in the page and the shipped tools press through a CDP session of the tab
// (the harness of web-input.e2e.ts), so the page sees real, trusted input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from '../support/extension-browser';
import { startWebPages, type WebPages } from '../support/web-pages';
import { actHarness, addActHarness, refOf } from '../support/web-input/act-harness';

const HOST = 'shop.example';

// A text field and a text area holding text, a checkbox and a native list whose
// input and change events the page records.
const FORM = `<!doctype html><title>Form</title>
<label>Name <input id="name" value="Ada Lovelace"></label>
<label>Note <textarea id="note">old note</textarea></label>
<label><input type="checkbox" id="terms"> Terms</label>
<label>Size <select id="size">
  <option value="s">Small</option><option value="m">Medium</option>
  <option value="l">Large</option><option value="xl">Extra large</option>
</select></label>
<script>
const size = document.getElementById('size');
size.addEventListener('change', () => { document.body.dataset.changed = size.value; });
size.addEventListener('input', () => { document.body.dataset.input = size.value; });
</script>`;

// A custom combobox: the options show on a trusted click, and choosing one sets
// aria-selected and the combobox's text; untrusted clicks are ignored.
const COMBO = `<!doctype html><title>Combo</title>
<div>Colour</div>
<button role="combobox" id="colour" aria-expanded="false" aria-controls="colours">Pick a colour</button>
<ul role="listbox" id="colours" hidden>
  <li role="option" aria-selected="false">Red</li>
  <li role="option" aria-selected="false">Green</li>
  <li role="option" aria-selected="false">Blue</li>
</ul>
<script>
const box = document.getElementById('colour');
const list = document.getElementById('colours');
box.addEventListener('click', (event) => {
  if (!event.isTrusted) return;
  list.hidden = !list.hidden;
  box.setAttribute('aria-expanded', String(!list.hidden));
});
for (const option of list.querySelectorAll('[role=option]')) {
  option.addEventListener('click', (event) => {
    if (!event.isTrusted) return;
    for (const other of list.children) other.setAttribute('aria-selected', 'false');
    option.setAttribute('aria-selected', 'true');
    box.textContent = option.textContent;
    list.hidden = true;
    box.setAttribute('aria-expanded', 'false');
  });
}
</script>`;

let pages: WebPages;
let browser: Browser;

beforeAll(async () => {
  pages = await startWebPages({ [HOST]: { '/form': FORM, '/combo': COMBO } });
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [`--host-resolver-rules=${pages.hostRules.join(', ')}`, '--ignore-certificate-errors'],
  });
});

afterAll(async () => {
  await browser?.close();
  await pages?.close();
});

async function open(pathname: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(pages.url(HOST, pathname), { waitUntil: 'load' });
  await addActHarness(page);
  return page;
}

describe('set_field', () => {
  it('replaces what a field and a text area hold, with real keys', async () => {
    const page = await open('/form');
    const tools = await actHarness(page);
    const name = await tools.run('set_field', {
      ref: await refOf(page, '#name'),
      value: 'Grace Hopper',
    });
    expect(name).toMatchObject({ ok: true });
    expect(await page.inputValue('#name')).toBe('Grace Hopper');
    expect(tools.log).toContain('Input.insertText');
    const note = await tools.run('set_field', {
      ref: await refOf(page, '#note'),
      value: 'new note',
    });
    expect(note).toMatchObject({ ok: true });
    expect(await page.inputValue('#note')).toBe('new note');
    await page.close();
  });

  it('refuses a checkbox and a drop-down, pointing to the right tool', async () => {
    const page = await open('/form');
    const tools = await actHarness(page);
    const terms = await tools.run('set_field', { ref: await refOf(page, '#terms'), value: 'x' });
    expect(terms).toMatchObject({ ok: false, code: 'INPUT_WRONG_CONTROL' });
    expect(terms.ok === false && terms.message).toContain('set_checked');
    const size = await tools.run('set_field', { ref: await refOf(page, '#size'), value: 'm' });
    expect(size).toMatchObject({ ok: false, code: 'INPUT_WRONG_CONTROL' });
    expect(size.ok === false && size.message).toContain('select_option');
    expect(await page.isChecked('#terms')).toBe(false);
    await page.close();
  });
});

describe('select_option', () => {
  it('chooses a native option by label or value, with the events a choice fires', async () => {
    const page = await open('/form');
    const tools = await actHarness(page);
    const ref = await refOf(page, '#size');
    const byLabel = await tools.run('select_option', { ref, option: 'Medium' });
    expect(byLabel).toMatchObject({ ok: true, result: { done: `Chose "Medium" in ${ref}.` } });
    expect(await page.inputValue('#size')).toBe('m');
    expect(await page.getAttribute('body', 'data-changed')).toBe('m');
    expect(await page.getAttribute('body', 'data-input')).toBe('m');
    expect(await tools.run('select_option', { ref, option: 'xl' })).toMatchObject({ ok: true });
    expect(await page.inputValue('#size')).toBe('xl');
    await page.close();
  });

  it('lists the options when none or several match, and chooses nothing', async () => {
    const page = await open('/form');
    const tools = await actHarness(page);
    const ref = await refOf(page, '#size');
    const options = ['Small', 'Medium', 'Large', 'Extra large'];
    expect(await tools.run('select_option', { ref, option: 'Huge' })).toMatchObject({
      ok: false,
      code: 'INPUT_OPTION_NOT_FOUND',
      details: { options },
    });
    expect(await tools.run('select_option', { ref, option: 'arg' })).toMatchObject({
      ok: false,
      code: 'INPUT_OPTION_NOT_FOUND',
      details: { options },
    });
    expect(await page.inputValue('#size')).toBe('s');
    expect(await page.getAttribute('body', 'data-changed')).toBeNull();
    await page.close();
  });

  it('opens a custom combobox and clicks its option with real clicks, then checks the choice', async () => {
    const page = await open('/combo');
    const tools = await actHarness(page);
    const ref = await refOf(page, '#colour');
    const chosen = await tools.run('select_option', { ref, option: 'Green' });
    expect(chosen).toMatchObject({ ok: true, result: { done: `Chose "Green" in ${ref}.` } });
    expect(await page.textContent('#colour')).toBe('Green');
    expect(await page.getAttribute('li:nth-child(2)', 'aria-selected')).toBe('true');
    const missing = await tools.run('select_option', { ref, option: 'Purple' });
    expect(missing).toMatchObject({
      ok: false,
      code: 'INPUT_OPTION_NOT_FOUND',
      details: { options: ['Red', 'Green', 'Blue'] },
    });
    await page.close();
  });
});
