// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../../../../shared/protocol/define-channel';
import { devMethods } from '../../methods/dev-methods';
import { createRefRegistry } from '../tree/refs';
import { startDevHandlers } from './dev-handlers';
import { MASK, maskedSource, sourcePage } from './page-source';

const CALL = {
  sender: 'worker',
  signal: new AbortController().signal,
} as unknown as HandlerContext;

const FORM = `<form>
  <input type="hidden" name="csrf" value="tok-SECRET-123">
  <input type="password" name="pw" value="hunter2">
  <input name="cc-number" autocomplete="cc-number" value="4111 1111 1111 1111">
  <input name="city" value="Lyon">
</form>`;

describe('the page source for Dev tools', () => {
  it('masks hidden, password and card values, keeps the rest, and leaves the page itself alone', () => {
    document.body.innerHTML = FORM;
    const { html, masked } = maskedSource(document);
    expect(masked).toBe(3);
    expect(html).not.toContain('tok-SECRET-123');
    expect(html).not.toContain('hunter2');
    expect(html).not.toContain('4111');
    expect(html).toContain('value="Lyon"');
    expect(html.split(MASK)).toHaveLength(4);
    expect(document.querySelector<HTMLInputElement>('[name=csrf]')!.value).toBe('tok-SECRET-123');
  });

  it('cuts the source into pages and says how many there are', () => {
    expect(sourcePage('abcdefghij', 1, 4)).toEqual({ text: 'abcd', page: 1, pages: 3 });
    expect(sourcePage('abcdefghij', 3, 4)).toEqual({ text: 'ij', page: 3, pages: 3 });
    expect(sourcePage('abcdefghij', 9, 4)).toEqual({ text: 'ij', page: 3, pages: 3 });
    expect(sourcePage('', 1, 4)).toEqual({ text: '', page: 1, pages: 1 });
  });

  it('answers within its bounded schema', async () => {
    document.body.innerHTML = `${FORM}<p>${'x'.repeat(30_000)}</p>`;
    const handlers = startDevHandlers(createRefRegistry());
    const answer = await handlers['web/page-source']({ page: 2, pageChars: 20_000 }, CALL);
    const parsed = devMethods['web/page-source'].response.parse(answer);
    expect(parsed).toMatchObject({ page: 2, pages: 2, maskedValues: 3 });
    expect(parsed.totalChars).toBeGreaterThan(30_000);
  });
});

describe('element styles for Dev tools', () => {
  it('reads computed values, the box and the matching rules of a ref', async () => {
    document.head.innerHTML = `<style>
      .buy { color: rgb(0, 128, 0); padding: 4px 8px; }
      #other { color: red; }
      @media (min-width: 1px) { button.buy { margin-top: 3px; } }
    </style>`;
    document.body.innerHTML = '<button class="buy">Buy</button><p id="other">x</p>';
    const refs = createRefRegistry();
    const ref = refs.numberOf(document.querySelector('.buy')!);
    const handlers = startDevHandlers(refs);
    const answer = devMethods['web/element-styles'].response.parse(
      await handlers['web/element-styles']({ ref, properties: ['color', 'padding-left'] }, CALL),
    );
    if (answer.status !== 'found') throw new Error('not found');
    expect(answer.computed).toEqual({ color: 'rgb(0, 128, 0)', 'padding-left': '8px' });
    expect(answer.rules.map((rule) => rule.selector)).toEqual(['.buy', 'button.buy']);
    expect(answer.rules[0]!.declarations).toContain('color');
    expect(answer.box.padding).toMatchObject({ left: 8, right: 8, top: 4 });
    expect(answer.unreadableSheets).toBe(0);
  });

  it('says a ref is gone rather than inspecting something else', async () => {
    const refs = createRefRegistry();
    const element = document.createElement('div');
    document.body.append(element);
    const ref = refs.numberOf(element);
    element.remove();
    expect(
      await startDevHandlers(refs)['web/element-styles']({ ref, properties: null }, CALL),
    ).toEqual({
      status: 'gone',
    });
  });
});
