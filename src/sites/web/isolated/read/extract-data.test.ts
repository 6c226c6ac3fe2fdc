// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { EXTRACT_BUDGET_CHARS, extractData, type DataKind } from './extract-data';
import { createBudget, costOf } from './read-budget';
import { useFakeLayout } from '../../../../../test/support/fake-layout';

useFakeLayout();

const open = (element: Element) => element.shadowRoot;
const extract = (
  html: string,
  kinds: readonly DataKind[] = ['tables', 'headings', 'links', 'images', 'forms'],
) => {
  document.body.innerHTML = html;
  return extractData(kinds, open);
};

describe('extractData', () => {
  it('gives a table as header-aware rows and leaves hidden rows out', () => {
    const data = extract(
      `<table><caption>Prices</caption>
      <thead><tr><th>Item</th><th>Price</th></tr></thead>
      <tbody><tr><td>Tea</td><td>2</td></tr><tr style="display:none"><td>IGNORE</td><td>0</td></tr>
      <tr><td>Cake <span aria-hidden="true">IGNORE</span></td><td>4</td></tr></tbody></table>`,
      ['tables'],
    );
    expect(data.tables?.items).toEqual([
      {
        caption: 'Prices',
        headers: ['Item', 'Price'],
        rows: [
          ['Tea', '2'],
          ['', ''],
          ['Cake', '4'],
        ],
        rowCount: 3,
        columnCount: 2,
      },
    ]);
    expect(JSON.stringify(data)).not.toContain('IGNORE');
    expect(data.stats.hiddenParts).toBe(2);
  });

  it('lists headings in order, shadow roots included, and links by distinct address', () => {
    document.body.innerHTML = `<h1>Top</h1><x-box></x-box><div role="heading" aria-level="3">Aria</div>
      <a href="/a">First</a><a href="/a"></a><a href="/b" aria-label="Bee"></a><a href="javascript:void 0">js</a>`;
    (document.querySelector('x-box') as Element).attachShadow({ mode: 'open' }).innerHTML =
      '<h2>Inside</h2><h2 hidden>IGNORE</h2>';
    const data = extractData(['headings', 'links'], open);
    expect(data.headings).toEqual({
      items: [
        { level: 1, text: 'Top' },
        { level: 2, text: 'Inside' },
        { level: 3, text: 'Aria' },
      ],
      total: 3,
    });
    expect(data.links?.items).toEqual([
      { text: 'First', href: new URL('/a', location.href).href },
      { text: 'Bee', href: new URL('/b', location.href).href },
    ]);
    expect(data.links).toMatchObject({ total: 4, distinct: 3 });
  });

  it('lists images with their alt text, counts missing alt, and hides data addresses', () => {
    const data = extract(
      '<img src="/a.png" alt="A chart"><img src="/b.png"><img src="data:image/png;base64,AAAA" alt="">',
      ['images'],
    );
    expect(data.images?.items.map(({ alt, src }) => ({ alt, src }))).toEqual([
      { alt: 'A chart', src: new URL('/a.png', location.href).href },
      { alt: null, src: new URL('/b.png', location.href).href },
      { alt: '', src: 'data:…' },
    ]);
    expect(data.images?.missingAlt).toBe(1);
  });

  it('gives forms with labelled fields and never a secret value', () => {
    const data = extract(
      `<form name="signin" action="/login" method="post">
      <label for="user">User</label><input id="user" name="user" value="ana" required>
      <label>Password <input type="password" name="pw" value="hunter2"></label>
      <input type="hidden" name="csrf" value="token-123">
      <input name="card" autocomplete="cc-number" value="4111111111111111">
      <select name="lang"><option value="en" selected>English</option><option value="de">Deutsch</option></select>
      <label><input type="checkbox" name="stay" checked> Stay signed in</label>
      <button type="submit">Sign in</button></form>
      <input name="q" placeholder="Search" value="boots">`,
      ['forms'],
    );
    const [signin, loose] = data.forms?.items ?? [];
    expect(signin).toMatchObject({ name: 'signin', method: 'post', isForm: true, hiddenInputs: 1 });
    expect(signin?.action).toBe(new URL('/login', location.href).href);
    expect(signin?.fields).toEqual([
      { label: 'User', type: 'text', name: 'user', required: true, value: 'ana' },
      {
        label: 'Password',
        type: 'password',
        name: 'pw',
        required: false,
        withheld: 'password',
        filled: true,
      },
      {
        label: null,
        type: 'text',
        name: 'card',
        required: false,
        withheld: 'payment-card',
        filled: true,
      },
      {
        label: null,
        type: 'select',
        name: 'lang',
        required: false,
        options: [
          { text: 'English', value: 'en', selected: true },
          { text: 'Deutsch', value: 'de', selected: false },
        ],
        optionCount: 2,
      },
      { label: 'Stay signed in', type: 'checkbox', name: 'stay', required: false, checked: true },
      { label: 'Sign in', type: 'submit', name: null, required: false },
    ]);
    expect(loose).toMatchObject({ isForm: false, fields: [{ label: 'Search', value: 'boots' }] });
    const text = JSON.stringify(data);
    for (const secret of ['hunter2', 'token-123', '4111']) expect(text).not.toContain(secret);
  });

  it('reads a form whose fields are named like its own properties', () => {
    const data = extract(
      `<form name="f" action="/send" method="post"><input name="action" value="a">
      <input name="method" value="m"><input name="getAttribute" value="g">
      <input name="querySelectorAll" value="q"><input type="hidden" name="t"></form>`,
      ['forms'],
    );
    expect(data.forms?.items[0]).toMatchObject({
      name: 'f',
      action: new URL('/send', location.href).href,
      method: 'post',
      fieldCount: 4,
      hiddenInputs: 1,
    });
  });

  it('keeps every section inside its share of the budget and keeps true counts', () => {
    const links = Array.from(
      { length: 1_000 },
      (_unused, index) => `<a href="/p/${index}">${'link text '.repeat(5)}${index}</a>`,
    );
    const data = extract(links.join(''), ['links']);
    expect(data.links?.distinct).toBe(1_000);
    expect(data.links?.items.length).toBeLessThan(1_000);
    expect(JSON.stringify(data.links?.items).length).toBeLessThanOrEqual(EXTRACT_BUDGET_CHARS);
  });
});

describe('createBudget', () => {
  it('takes costs while they fit and refuses one that does not, taking nothing', () => {
    const budget = createBudget(costOf('abc') * 2);
    expect(budget.take(costOf('abc'))).toBe(true);
    expect(budget.take(costOf('abcd'))).toBe(false);
    expect(budget.take(costOf('abc'))).toBe(true);
    expect(budget.take(1)).toBe(false);
  });
});
