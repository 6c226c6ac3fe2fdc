import { describe, expect, it } from 'vitest';
import { mayActWithoutAsking, type ControlFacts, type RunFacts } from './may-act';
import { formKey, isSubmitLike, rememberPress, type PressRecord } from './duplicate-submit';

const PAGE = 'https://shop.example/checkout';
const NOW = 1_000_000;

const control = (extra: Partial<ControlFacts> = {}): ControlFacts => ({
  role: 'button',
  name: 'Save',
  submitsForm: false,
  formMethod: null,
  formAction: null,
  formWords: '',
  price: null,
  href: null,
  ...extra,
});

/** A press of a button named `name` `ago` ms before NOW, on the checkout page by default. */
const pressed = (
  name: string,
  ago: number,
  url = PAGE,
  form: string | null = null,
): PressRecord => ({
  url,
  role: 'button',
  name,
  form,
  at: NOW - ago,
});

/** The checkout form as the page shows it, sent by its button or by Enter in a field. */
const CHECKOUT_FORM = {
  submitsForm: true,
  formMethod: 'post',
  formAction: 'https://shop.example/orders',
  formWords: 'checkout email card',
};
const checkoutKey = formKey(control(CHECKOUT_FORM));

const run = (presses: PressRecord[]): RunFacts => ({
  pageUrl: PAGE,
  siteOrigin: 'https://shop.example',
  personText: ['Save my profile.'],
  linkShown: () => false,
  observations: [],
  presses,
  now: NOW,
});

// name, control, earlier presses -> false (no question) or [card text, run grant]
const table: [string, Partial<ControlFacts>, PressRecord[], false | [string, string | null]][] = [
  ['the first press of Save', {}, [], false],
  [
    'the same Save button on the same page 10 s later, with no run grant',
    {},
    [pressed('Save', 10_000)],
    ["Click 'Save' on shop.example", null],
  ],
  [
    'a repeated order asks even where ordering was allowed for the run',
    { name: 'Place order', price: '$129.00' },
    [pressed('Place order', 44_000)],
    ["Click 'Place order' on shop.example \u2014 $129.00", null],
  ],
  [
    'a form\u2019s submit button by any name, the fragment aside',
    { name: 'Continue', submitsForm: true, formMethod: 'get' },
    [pressed('Continue', 5_000, `${PAGE}#step2`)],
    ["Click 'Continue' on shop.example", null],
  ],
  [
    'Enter in a field of a form its button sent 8 s ago',
    { role: 'textbox', name: 'Email', ...CHECKOUT_FORM },
    [pressed('Pay now', 8_000, PAGE, checkoutKey)],
    ["Click 'Email' on shop.example", null],
  ],
  [
    'the form’s button after Enter sent that form',
    { name: 'Pay now', ...CHECKOUT_FORM },
    [{ ...pressed('Email', 3_000, PAGE, checkoutKey), role: 'textbox' }],
    ["Click 'Pay now' on shop.example", null],
  ],
  [
    'Enter in a field of another form on the same page',
    {
      role: 'textbox',
      name: 'Coupon',
      ...CHECKOUT_FORM,
      formMethod: 'get',
      formWords: 'coupon code',
      formAction: 'https://shop.example/coupon',
    },
    [pressed('Pay now', 8_000, PAGE, checkoutKey)],
    false,
  ],
  ['the same button after 45 s', {}, [pressed('Save', 46_000)], false],
  [
    'the same button on another page',
    {},
    [pressed('Save', 5_000, 'https://shop.example/profile')],
    false,
  ],
  ['another button on the same page', {}, [pressed('Save draft', 5_000)], false],
  ['the same name as a link', { role: 'link' }, [pressed('Save', 5_000)], false],
  [
    'a button that does not submit, pressed twice',
    { name: 'Next image' },
    [pressed('Next image', 2_000)],
    false,
  ],
];

describe('mayActWithoutAsking: the duplicate-submit rule', () => {
  it.each(table)('%s', (_name, extra, presses, expected) => {
    const verdict = mayActWithoutAsking(
      { kind: 'press', verb: 'Click', control: control(extra) },
      run(presses),
    );
    if (expected === false) {
      expect(verdict).toEqual({ ask: false });
      return;
    }
    expect(verdict.ask).toBe(true);
    if (verdict.ask !== true) return;
    expect([verdict.effect, verdict.grantKey]).toEqual(expected);
    expect(verdict.reason).toMatch(/pressed on this page \d+ s ago/);
  });
});

describe('isSubmitLike', () => {
  it.each([
    ['Create issue', true],
    ['Save', true],
    ['Place order', true],
    ['Check out', true],
    ['Address', false],
    ['Next image', false],
    ['Updates feed', false],
  ])('%s -> %s', (name, expected) => {
    expect(isSubmitLike(control({ name }))).toBe(expected);
  });
});

describe('rememberPress', () => {
  it('keeps the newest 16 presses', () => {
    const presses: PressRecord[] = [];
    for (let index = 0; index < 20; index += 1) rememberPress(presses, pressed(`b${index}`, 0));
    expect(presses).toHaveLength(16);
    expect(presses[0]?.name).toBe('b4');
  });
});
