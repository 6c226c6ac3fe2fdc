// set_checked and hover in real Chromium: the shipped page-side act handlers answer
// in the page and the shipped tools press through a CDP session of the tab, so the
// page sees real, trusted input (the harness of web-input.e2e.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from '../support/extension-browser';
import { startWebPages, type WebPages } from '../support/web-pages';
import { actHarness, addActHarness, refOf } from '../support/web-input/act-harness';

const HOST = 'shop.example';

// A native checkbox, a native radio group, an ARIA switch that only trusted clicks
// flip, and a checkbox whose page undoes every change.
const CHOICES = `<!doctype html><title>Choices</title>
<label><input type="checkbox" id="gift"> Gift wrap</label>
<label><input type="radio" name="ship" id="standard" checked> Standard</label>
<label><input type="radio" name="ship" id="express"> Express</label>
<button role="switch" id="news" aria-checked="false">Newsletter</button>
<label><input type="checkbox" id="stuck"> Stuck</label>
<button id="go">Go</button>
<script>
document.getElementById('news').addEventListener('click', (event) => {
  if (!event.isTrusted) return;
  const on = event.currentTarget.getAttribute('aria-checked') === 'true';
  event.currentTarget.setAttribute('aria-checked', String(!on));
});
document.getElementById('stuck').addEventListener('click', (event) => event.preventDefault());
</script>`;

const MENU = `<!doctype html><title>Menu</title>
<style>#menu{display:none} #nav:hover #menu{display:block} #nav{padding:20px;width:200px}</style>
<nav id="nav"><span id="label">Account</span><ul id="menu"><li><a href="#orders">Orders</a></li></ul></nav>
<script>document.getElementById('nav').addEventListener('mouseenter', (e) => { if (e.isTrusted) document.body.dataset.hovered = 'yes'; });</script>`;

let pages: WebPages;
let browser: Browser;

beforeAll(async () => {
  pages = await startWebPages({ [HOST]: { '/choices': CHOICES, '/menu': MENU } });
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

const clicks = (log: string[]) => log.filter((line) => line === 'Input.dispatchMouseEvent').length;

describe('set_checked', () => {
  it('checks a checkbox with one real click and reports a no-op when it is already there', async () => {
    const page = await open('/choices');
    const tools = await actHarness(page);
    const ref = await refOf(page, '#gift');
    expect(await tools.run('set_checked', { ref, checked: true })).toMatchObject({ ok: true });
    expect(await page.isChecked('#gift')).toBe(true);
    const pressed = clicks(tools.log);
    const again = await tools.run('set_checked', { ref, checked: true });
    expect(again).toMatchObject({ ok: true, result: { changed: false } });
    expect(clicks(tools.log)).toBe(pressed);
    expect(await tools.run('set_checked', { ref, checked: false })).toMatchObject({ ok: true });
    expect(await page.isChecked('#gift')).toBe(false);
    await page.close();
  });

  it('chooses a radio button, and refuses to uncheck one', async () => {
    const page = await open('/choices');
    const tools = await actHarness(page);
    const express = await refOf(page, '#express');
    expect(await tools.run('set_checked', { ref: express, checked: true })).toMatchObject({
      ok: true,
    });
    expect(await page.isChecked('#express')).toBe(true);
    expect(await page.isChecked('#standard')).toBe(false);
    expect(await tools.run('set_checked', { ref: express, checked: false })).toMatchObject({
      ok: false,
      code: 'INPUT_WRONG_CONTROL',
    });
    expect(await page.isChecked('#express')).toBe(true);
    await page.close();
  });

  it('flips an ARIA switch that only takes trusted clicks', async () => {
    const page = await open('/choices');
    const tools = await actHarness(page);
    const news = await refOf(page, '#news');
    expect(await tools.run('set_checked', { ref: news, checked: true })).toMatchObject({
      ok: true,
    });
    expect(await page.getAttribute('#news', 'aria-checked')).toBe('true');
    await page.close();
  });

  it('says when the page undid the change, and points a button to click', async () => {
    const page = await open('/choices');
    const tools = await actHarness(page);
    expect(
      await tools.run('set_checked', { ref: await refOf(page, '#stuck'), checked: true }),
    ).toMatchObject({ ok: false, code: 'INPUT_NOT_ACCEPTED' });
    const button = await tools.run('set_checked', { ref: await refOf(page, '#go'), checked: true });
    expect(button).toMatchObject({ ok: false, code: 'INPUT_WRONG_CONTROL' });
    expect(button.ok === false && button.message).toContain('click');
    await page.close();
  });
});

describe('hover', () => {
  it('opens a menu that shows on hover, with a real pointer, clicking nothing', async () => {
    const page = await open('/menu');
    const tools = await actHarness(page);
    expect(await page.isVisible('#menu')).toBe(false);
    expect(await tools.run('hover', { ref: await refOf(page, '#label') })).toMatchObject({
      ok: true,
    });
    expect(await page.isVisible('#menu')).toBe(true);
    expect(await page.getAttribute('body', 'data-hovered')).toBe('yes');
    expect(page.url()).not.toContain('#orders');
    await page.close();
  });
});
