import { describe, expect, it } from 'vitest';
import { selectedNow, selectOption } from './select-option';

function list(html: string): Element {
  document.body.innerHTML = html;
  const element = document.body.firstElementChild;
  if (!element) throw new Error('no element');
  return element;
}

const SIZES = `<select><option value="s">Small</option><option value="m">Medium</option>
<option value="l">Large</option><option value="xl">Extra large</option>
<option value="xxl" disabled>Huge</option></select>`;

const numberOf = () => 7;

describe('selectOption', () => {
  it('chooses a native option by its label, its value or one case-free match, firing input and change', () => {
    const select = list(SIZES) as HTMLSelectElement;
    const events: string[] = [];
    select.addEventListener('input', () => events.push(`input ${select.value}`));
    select.addEventListener('change', () => events.push(`change ${select.value}`));
    expect(selectOption(select, 'Medium', numberOf)).toMatchObject({
      status: 'chosen',
      chosen: 'Medium',
    });
    expect(selectOption(select, 'xl', numberOf)).toMatchObject({
      status: 'chosen',
      chosen: 'Extra large',
    });
    expect(selectOption(select, 'large', numberOf)).toMatchObject({
      status: 'chosen',
      chosen: 'Large',
    });
    expect(events).toEqual(['input m', 'change m', 'input xl', 'change xl', 'input l', 'change l']);
  });

  it('fires nothing when the option is already chosen', () => {
    const select = list(SIZES) as HTMLSelectElement;
    let changes = 0;
    select.addEventListener('change', () => (changes += 1));
    expect(selectOption(select, 'Small', numberOf)).toMatchObject({ status: 'chosen' });
    expect(changes).toBe(0);
  });

  it('lists the enabled options when none or several match, choosing nothing', () => {
    const select = list(SIZES) as HTMLSelectElement;
    const options = ['Small', 'Medium', 'Large', 'Extra large'];
    expect(selectOption(select, 'Huge', numberOf)).toEqual({
      status: 'none',
      target: expect.any(String),
      options,
    });
    expect(selectOption(select, 'arg', numberOf)).toEqual({
      status: 'ambiguous',
      target: expect.any(String),
      options,
    });
    expect(select.value).toBe('s');
  });

  it('names the shown option of a custom listbox for the worker to click, and opens a hidden one first', () => {
    const box = list(
      `<div role="listbox"><div role="option">Red</div><div role="option">Blue</div></div>`,
    );
    const blue = box.lastElementChild as HTMLElement;
    const numbers = (element: Element) => (element === blue ? 12 : 0);
    blue.getClientRects = () => [new DOMRect(0, 0, 10, 10)] as unknown as DOMRectList;
    expect(selectOption(box, 'Blue', numbers)).toMatchObject({
      status: 'click',
      option: 12,
      label: 'Blue',
    });
    // An option without boxes is one the page does not show (a list still closed).
    blue.getClientRects = () => [] as unknown as DOMRectList;
    expect(selectOption(box, 'Blue', numbers)).toMatchObject({ status: 'closed' });
  });

  it('refuses what is not a list', () => {
    expect(selectOption(list('<button>Go</button>'), 'Go', numberOf)).toMatchObject({
      status: 'not-a-list',
    });
  });

  it('reads a custom list\u2019s choice from aria-selected', () => {
    const box = list(
      `<div role="combobox" aria-controls="l">Pick</div><ul role="listbox" id="l"><li role="option" aria-selected="true">Green</li></ul>`,
    );
    expect(selectedNow(box, 'Green')).toMatchObject({ status: 'chosen' });
    expect(selectedNow(box, 'Red')).toMatchObject({ status: 'refused', current: 'Green' });
  });
});
