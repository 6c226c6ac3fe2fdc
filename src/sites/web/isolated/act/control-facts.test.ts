import { describe, expect, it } from 'vitest';
import { controlFacts } from './control-facts';

function page(html: string) {
  document.body.innerHTML = html;
  return (selector: string) => document.querySelector(selector)!;
}

describe('controlFacts', () => {
  it('reads a checkout form: its submit button, method, address, fields and total', () => {
    const $ = page(`<form id="checkout" method="post" action="/orders">
      <label>Card number <input name="card" autocomplete="cc-number"></label>
      <p>Subtotal $119.00</p><p>Total: $129.00</p>
      <button id="place">Place order</button></form>`);
    expect(controlFacts($('#place'), false)).toEqual({
      role: 'button',
      name: 'Place order',
      submitsForm: true,
      formMethod: 'post',
      formAction: `${location.origin}/orders`,
      formWords: expect.stringContaining('cc-number'),
      price: '$129.00',
      href: null,
    });
  });

  it('takes the submitter\u2019s own method and address over the form\u2019s', () => {
    const $ = page(`<form method="get" action="/search"><input name="q">
      <button id="b" formmethod="post" formaction="https://attacker.example/x">Go</button></form>`);
    expect(controlFacts($('#b'), false)).toMatchObject({
      formMethod: 'post',
      formAction: 'https://attacker.example/x',
    });
  });

  it('counts a field as submitting its form only for Enter', () => {
    const $ = page(`<form action="/search"><input id="q" name="q" aria-label="Search"></form>`);
    expect(controlFacts($('#q'), false)).toMatchObject({ submitsForm: false, formMethod: 'get' });
    expect(controlFacts($('#q'), true)).toMatchObject({ submitsForm: true, name: 'Search' });
  });

  it('reads where a link goes and a price in its card, outside any form', () => {
    const $ = page(`<ul><li><a id="l" href="/p/7">Red shirt</a> <span>19,99 €</span></li></ul>`);
    expect(controlFacts($('#l'), false)).toMatchObject({
      role: 'link',
      submitsForm: false,
      formMethod: null,
      formAction: null,
      formWords: '',
      price: '19,99 €',
      href: `${location.origin}/p/7`,
    });
  });

  it('reads no price where none is shown near the control', () => {
    const $ = page(`<div><div><div><div><div><div><p>$5.00</p></div></div></div></div>
      <div><div><div><div><button id="b">Delete</button></div></div></div></div></div></div>`);
    expect(controlFacts($('#b'), false).price).toBeNull();
  });
});
