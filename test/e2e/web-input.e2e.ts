// The action tools (click, type, press_keys) in real Chromium: the shipped page-side
// act handlers answer in the page, and the shipped tools press through a CDP session
// of the tab, so the page sees real, trusted input. What the debugger session does
// over a run (attach once, detach at the end and on Stop) is tested through the built
// extension in web-input-session.e2e.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_PATH } from '../support/extension-browser';
import { startWebPages, type WebPages } from '../support/web-pages';
import { actHarness, addActHarness, refOf } from '../support/web-input/act-harness';

const HOST = 'shop.example';

const TABS = `<!doctype html><title>Tabs</title>
<style>li[role=tab]{list-style:none;display:inline-block;margin:4px} li[role=tab] a{display:block;padding:12px 20px}</style>
<ul role="tablist"><li role="tab" id="t1" aria-selected="true"><a href="#one">One</a></li><li role="tab" id="t2" aria-selected="false"><a href="#two" id="a2">Two</a></li></ul>
<div id="panel">one</div>
<script>
document.getElementById('a2').addEventListener('click', (event) => {
  event.preventDefault();
  if (!event.isTrusted) return;
  document.getElementById('panel').textContent = 'two';
  document.getElementById('t2').setAttribute('aria-selected', 'true');
  document.getElementById('t1').setAttribute('aria-selected', 'false');
});
</script>`;

const OVERLAY = `<!doctype html><title>Shop</title>
<button id="buy" onclick="this.dataset.clicks = String(Number(this.dataset.clicks || 0) + 1)">Buy now</button>
<div id="overlay" role="dialog" aria-label="Subscribe to our newsletter"
  style="position:fixed;inset:0;background:rgba(0,0,0,.4)" onclick="this.dataset.clicks='1'"></div>`;

// A controlled input as React keeps one: the framework tracks the value it last set
// through the element's value setter; an input event whose value equals that is not
// the person's, so the state stays and the field is reset to it.
const CONTROLLED = `<!doctype html><title>Form</title>
<label>Name <input id="name"></label><p id="echo"></p>
<label>Locked <input id="locked"></label>
<label><input type="checkbox" id="agree"> Agree</label>
<input id="first"><input id="second">
<script>
const input = document.getElementById('name');
const native = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value');
let state = '';
let tracked = '';
Object.defineProperty(input, 'value', {
  configurable: true,
  get() { return native.get.call(this); },
  set(value) { tracked = String(value); native.set.call(this, value); },
});
input.addEventListener('input', () => {
  const now = native.get.call(input);
  if (now !== tracked) { state = now; tracked = now; }
  native.set.call(input, state);
  document.getElementById('echo').textContent = state;
});
// A page that swallows every edit of this field.
document.getElementById('locked').addEventListener('beforeinput', (event) => event.preventDefault(), true);
</script>`;

const MOVING = `<!doctype html><title>Moving</title>
<style>@keyframes slide{from{transform:translateX(0)}to{transform:translateX(400px)}}
#runner{animation:slide 1s linear infinite}</style>
<button id="runner" onclick="this.dataset.clicks='1'">Catch me</button>`;

const SHADOW = `<!doctype html><title>Shadow</title><div id="host"></div>
<script>
const root = document.getElementById('host').attachShadow({ mode: 'open' });
root.innerHTML = '<button id="inner">Inside</button>';
root.getElementById('inner').addEventListener('click', (e) => { if (e.isTrusted) document.body.dataset.inner = 'clicked'; });
</script>`;

let pages: WebPages;
let browser: Browser;

beforeAll(async () => {
  pages = await startWebPages({
    [HOST]: {
      '/tabs': TABS,
      '/overlay': OVERLAY,
      '/form': CONTROLLED,
      '/moving': MOVING,
      '/shadow': SHADOW,
    },
  });
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

describe('click', () => {
  it('reaches the handler on the <a> inside li[role=tab], which el.click() on the tab misses', async () => {
    const page = await open('/tabs');
    await page.evaluate(() => (document.getElementById('t2') as HTMLElement).click());
    expect(await page.textContent('#panel')).toBe('one');
    const tools = await actHarness(page);
    const outcome = await tools.run('click', { ref: await refOf(page, '#t2') });
    expect(outcome).toMatchObject({ ok: true });
    expect(await page.textContent('#panel')).toBe('two');
    const changes = JSON.stringify(outcome.ok ? outcome.result : null);
    expect(changes).toContain('untrusted_page_content');
    expect(changes).toContain('"selected":{"from":false,"to":true}');
    await page.close();
  });

  it('refuses a button covered by a modal overlay and names the overlay', async () => {
    const page = await open('/overlay');
    const tools = await actHarness(page);
    const outcome = await tools.run('click', { ref: await refOf(page, '#buy') });
    expect(outcome).toMatchObject({ ok: false, code: 'INPUT_TARGET_COVERED' });
    if (!outcome.ok) expect(outcome.message).toContain('Subscribe to our newsletter');
    expect(tools.log.filter((line) => line === 'Input.dispatchMouseEvent')).toEqual([]);
    expect(await page.getAttribute('#buy', 'data-clicks')).toBeNull();
    expect(await page.getAttribute('#overlay', 'data-clicks')).toBeNull();
    await page.close();
  });

  it('clicks a button inside a shadow root', async () => {
    const page = await open('/shadow');
    const ref = await page.evaluate(() => (globalThis as any).__act.refInShadow('#host', '#inner'));
    const tools = await actHarness(page);
    expect(await tools.run('click', { ref: `e${ref}` })).toMatchObject({ ok: true });
    expect(await page.getAttribute('body', 'data-inner')).toBe('clicked');
    await page.close();
  });

  it('refuses a ref whose element died, and one that is not a ref', async () => {
    const page = await open('/overlay');
    const ref = await refOf(page, '#overlay');
    await page.evaluate(() => document.getElementById('overlay')!.remove());
    const tools = await actHarness(page);
    expect(await tools.run('click', { ref })).toMatchObject({
      ok: false,
      code: 'PAGE_REF_NOT_FOUND',
    });
    expect(await tools.run('click', { ref: 'button 3' })).toMatchObject({
      ok: false,
      code: 'PAGE_REF_INVALID',
    });
    expect(await page.getAttribute('#buy', 'data-clicks')).toBeNull();
    await page.close();
  });

  it('does not press a target that keeps moving', async () => {
    const page = await open('/moving');
    const tools = await actHarness(page);
    const outcome = await tools.run('click', { ref: await refOf(page, '#runner') });
    expect(outcome).toMatchObject({ ok: false, code: 'INPUT_TARGET_MOVING' });
    expect(await page.getAttribute('#runner', 'data-clicks')).toBeNull();
    await page.close();
  });

  it('does nothing on a site the person did not allow', async () => {
    const page = await open('/tabs');
    const tools = await actHarness(page, false);
    const outcome = await tools.run('click', { ref: await refOf(page, '#t2') });
    expect(outcome).toMatchObject({ ok: false, code: 'INPUT_NOT_ALLOWED' });
    expect(tools.log).toEqual([]);
    expect(await page.textContent('#panel')).toBe('one');
    await page.close();
  });
});

describe('type', () => {
  it('sets a React-like controlled input, where setting el.value does not stick', async () => {
    const page = await open('/form');
    await page.evaluate(() => {
      const input = document.getElementById('name') as HTMLInputElement;
      input.value = 'scripted';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    expect(await page.inputValue('#name')).toBe('');
    const tools = await actHarness(page);
    const outcome = await tools.run('type', {
      ref: await refOf(page, '#name'),
      text: 'Ada Lovelace',
    });
    expect(outcome).toMatchObject({ ok: true });
    expect(await page.inputValue('#name')).toBe('Ada Lovelace');
    expect(await page.textContent('#echo')).toBe('Ada Lovelace');
    const again = await tools.run('type', {
      ref: await refOf(page, '#name'),
      text: 'Grace',
      clear: true,
    });
    expect(again).toMatchObject({ ok: true });
    expect(await page.textContent('#echo')).toBe('Grace');
    await page.close();
  });

  it('reports a field that swallows what is typed', async () => {
    const page = await open('/form');
    const tools = await actHarness(page);
    const outcome = await tools.run('type', { ref: await refOf(page, '#locked'), text: 'hello' });
    expect(outcome).toMatchObject({ ok: false, code: 'INPUT_NOT_ACCEPTED' });
    await page.close();
  });

  it('refuses a checkbox and points to set_checked', async () => {
    const page = await open('/form');
    const tools = await actHarness(page);
    const outcome = await tools.run('type', { ref: await refOf(page, '#agree'), text: 'yes' });
    expect(outcome).toMatchObject({ ok: false, code: 'INPUT_WRONG_CONTROL' });
    if (!outcome.ok) expect(outcome.message).toContain('use set_checked');
    expect(await page.isChecked('#agree')).toBe(false);
    await page.close();
  });
});

describe('press_keys', () => {
  it('moves focus with Tab and says what is focused now', async () => {
    const page = await open('/form');
    await page.focus('#first');
    const tools = await actHarness(page);
    const outcome = await tools.run('press_keys', { keys: ['Tab'] });
    expect(outcome).toMatchObject({ ok: true });
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('second');
    expect(JSON.stringify(outcome.ok ? outcome.result : null)).toContain('"focused":"input#second');
    await page.close();
  });

  it('types letters and repeats a bounded number of times', async () => {
    const page = await open('/form');
    await page.focus('#first');
    const tools = await actHarness(page);
    expect(await tools.run('press_keys', { keys: ['a', 'Shift+b'], repeat: 2 })).toMatchObject({
      ok: true,
    });
    expect(await page.inputValue('#first')).toBe('aBaB');
    expect(
      await tools.run('press_keys', { keys: ['Backspace'], repeat: 60 }).catch((e) => String(e)),
    ).toMatch(/50/);
    expect(await tools.run('press_keys', { keys: ['Hyper+x'] })).toMatchObject({
      ok: false,
      code: 'ARGUMENTS_INVALID',
    });
    await page.close();
  });
});
