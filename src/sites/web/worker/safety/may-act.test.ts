import { describe, expect, it } from 'vitest';
import {
  mayActWithoutAsking,
  type ControlFacts,
  type ProposedAction,
  type RunFacts,
} from './may-act';
import { consequenceOfName } from './consequence-words';

const control = (extra: Partial<ControlFacts> = {}): ControlFacts => ({
  role: 'button',
  name: 'Add to cart',
  submitsForm: false,
  formMethod: null,
  formAction: null,
  formWords: '',
  price: null,
  href: null,
  ...extra,
});

const RUN: RunFacts = {
  pageUrl: 'https://shop.example/checkout',
  siteOrigin: 'https://shop.example',
  personText: ['Buy the cheapest red shirt, and compare on prices.example please.'],
  linkShown: (url) => url === 'https://help.example/returns',
  observations: [
    { origin: 'https://shop.example', text: 'Order total $129.00, ship to Ada Lovelace' },
    { origin: 'https://mail.example', text: 'Your code is 884213. Account ada@mail.example' },
  ],
};

const press = (extra: Partial<ControlFacts>, verb: 'Click' = 'Click'): ProposedAction => ({
  kind: 'press',
  verb,
  control: control(extra),
});

type Row = [string, ProposedAction, Partial<RunFacts>, false | [string, string | null]];

// name, action, run overrides -> false (no question) or [card text, run grant]
const table: Row[] = [
  ['a plain button', press({}), {}, false],
  [
    'a buy button, with its price',
    press({ name: 'Place order', price: '$129.00' }),
    {},
    ["Click 'Place order' on shop.example \u2014 $129.00", 'web:consequential:buy'],
  ],
  [
    'a delete link',
    press({ role: 'link', name: 'Delete account', href: 'https://shop.example/account/delete' }),
    {},
    ["Click 'Delete account' on shop.example", 'web:consequential:delete'],
  ],
  ['send', press({ name: 'Send' }), {}, ["Click 'Send' on shop.example", 'web:consequential:send']],
  [
    'publish',
    press({ name: 'Publish post' }),
    {},
    ["Click 'Publish post' on shop.example", 'web:consequential:post'],
  ],
  [
    'pay',
    press({ name: 'Pay now' }),
    {},
    ["Click 'Pay now' on shop.example", 'web:consequential:pay'],
  ],
  [
    'transfer',
    press({ name: 'Send money' }),
    {},
    ["Click 'Send money' on shop.example", 'web:consequential:transfer'],
  ],
  [
    'German',
    press({ name: 'Zahlungspflichtig bestellen' }),
    {},
    ["Click 'Zahlungspflichtig bestellen' on shop.example", 'web:consequential:buy'],
  ],
  [
    'French',
    press({ name: 'Supprimer' }),
    {},
    ["Click 'Supprimer' on shop.example", 'web:consequential:delete'],
  ],
  [
    'Spanish',
    press({ name: 'Comprar ahora' }),
    {},
    ["Click 'Comprar ahora' on shop.example", 'web:consequential:buy'],
  ],
  [
    'Dutch',
    press({ name: 'Verwijderen' }),
    {},
    ["Click 'Verwijderen' on shop.example", 'web:consequential:delete'],
  ],
  ['a word inside another word does not count', press({ name: 'Postcode lookup' }), {}, false],
  ['sorting is not ordering', press({ name: 'Order by price' }), {}, false],
  [
    'a submit button of a form that posts',
    press({
      name: 'Continue',
      submitsForm: true,
      formMethod: 'post',
      formAction: 'https://shop.example/profile',
    }),
    {},
    ["Click 'Continue' on shop.example", 'web:consequential:submit'],
  ],
  [
    'a search form that gets',
    press({
      name: 'Search',
      submitsForm: true,
      formMethod: 'get',
      formAction: 'https://shop.example/search',
    }),
    {},
    false,
  ],
  [
    'a payment form, even by GET',
    press({
      name: 'Continue',
      submitsForm: true,
      formMethod: 'get',
      formAction: 'https://shop.example/step',
      formWords: 'cc-number cvc',
    }),
    {},
    ["Click 'Continue' on shop.example", 'web:consequential:account'],
  ],
  [
    'a password change form',
    press({ name: 'Save', submitsForm: true, formMethod: 'get', formWords: 'new-password' }),
    {},
    ["Click 'Save' on shop.example", 'web:consequential:account'],
  ],
  [
    'a form that goes to another site',
    press({
      name: 'Go',
      submitsForm: true,
      formMethod: 'get',
      formAction: 'https://attacker.example/collect',
    }),
    {},
    ["Click 'Go' on shop.example", 'web:origin:https://attacker.example'],
  ],
  [
    'a link on the site',
    press({ role: 'link', name: 'Shirts', href: 'https://shop.example/shirts' }),
    {},
    false,
  ],
  [
    'a link to another site the page shows',
    press({ role: 'link', name: 'Returns', href: 'https://help.example/returns' }),
    {},
    false,
  ],
  [
    'a javascript: link',
    press({ role: 'link', name: 'More', href: 'javascript:void(0)' }),
    {},
    ["Click 'More' on shop.example", null],
  ],
  ['going within the site', { kind: 'navigate', url: 'https://shop.example/cart' }, {}, false],
  [
    'going to a site the person named',
    { kind: 'navigate', url: 'https://prices.example/shirts?q=red' },
    {},
    false,
  ],
  [
    'going to a www. form of a named site',
    { kind: 'navigate', url: 'https://www.prices.example/' },
    {},
    false,
  ],
  [
    'going to a link the page shows',
    { kind: 'navigate', url: 'https://help.example/returns' },
    {},
    false,
  ],
  [
    'going to another address of a linked site',
    { kind: 'navigate', url: 'https://help.example/returns?e=ada%40mail.example' },
    {},
    ['Go to https://help.example/returns?e=ada%40mail.example', 'web:origin:https://help.example'],
  ],
  [
    'going to an unnamed site',
    { kind: 'navigate', url: 'https://attacker.example/?e=ada@mail.example' },
    {},
    ['Go to https://attacker.example/?e=ada@mail.example', 'web:origin:https://attacker.example'],
  ],
  [
    'a look-alike of a named host',
    { kind: 'navigate', url: 'https://prices.example.attacker.example/' },
    {},
    [
      'Go to https://prices.example.attacker.example/',
      'web:origin:https://prices.example.attacker.example',
    ],
  ],
  [
    'a data: address',
    { kind: 'navigate', url: 'data:text/html,hi' },
    {},
    ['Go to data:text/html,hi', null],
  ],
  [
    'typing the person\u2019s own words',
    {
      kind: 'type',
      text: 'red shirt',
      field: control({ role: 'searchbox', name: 'Search' }),
      submit: false,
    },
    {},
    false,
  ],
  [
    'typing what this site showed',
    {
      kind: 'type',
      text: 'Ada Lovelace',
      field: control({ role: 'textbox', name: 'Name' }),
      submit: false,
    },
    {},
    false,
  ],
  [
    'typing what another site showed',
    {
      kind: 'type',
      text: 'ada@mail.example',
      field: control({ role: 'textbox', name: 'Email' }),
      submit: false,
    },
    {},
    ['Type "ada@mail.example" into \'Email\' on shop.example', null],
  ],
  [
    'typing a short string that another site also showed',
    { kind: 'type', text: '884', field: control({ role: 'textbox', name: 'Code' }), submit: false },
    {},
    false,
  ],
  [
    'typing what another site showed that the person also wrote',
    { kind: 'type', text: 'ada@mail.example', field: control({ name: 'Email' }), submit: false },
    { personText: ['my email is ada@mail.example'] },
    false,
  ],
  [
    'typing and pressing Enter in a posting form',
    {
      kind: 'type',
      text: 'Great shirt',
      field: control({ role: 'textbox', name: 'Review', submitsForm: true, formMethod: 'post' }),
      submit: true,
    },
    {},
    [
      'Type "Great shirt" into \'Review\' on shop.example and press Enter',
      'web:consequential:submit',
    ],
  ],
  [
    'typing and pressing Enter in a search box',
    {
      kind: 'type',
      text: 'red',
      field: control({
        role: 'searchbox',
        name: 'Search',
        submitsForm: true,
        formMethod: 'get',
        formAction: 'https://shop.example/search',
      }),
      submit: true,
    },
    {},
    false,
  ],
  [
    'Enter in a field of a posting form',
    {
      kind: 'press',
      verb: 'Press Enter in',
      control: control({ role: 'textbox', name: 'Comment', submitsForm: true, formMethod: 'post' }),
    },
    {},
    ["Press Enter in 'Comment' on shop.example", 'web:consequential:submit'],
  ],
  [
    'a script, always',
    { kind: 'script', summary: 'read the cart total' },
    {},
    ['Run a script on shop.example: read the cart total', null],
  ],
  [
    'a control without a name',
    press({ name: '', role: 'button', submitsForm: true, formMethod: 'post' }),
    {},
    ['Click the button on shop.example', 'web:consequential:submit'],
  ],
];

describe('mayActWithoutAsking', () => {
  it.each(table)('%s', (_name, action, overrides, expected) => {
    const verdict = mayActWithoutAsking(action, { ...RUN, ...overrides });
    if (expected === false) {
      expect(verdict).toEqual({ ask: false });
      return;
    }
    expect(verdict.ask).toBe(true);
    if (verdict.ask !== true) return;
    expect([verdict.effect, verdict.grantKey]).toEqual(expected);
    expect(verdict.reason.length).toBeGreaterThan(10);
  });

  it('shows the full address for a navigation and for a form that leaves the site', () => {
    const url = 'https://attacker.example/?e=ada%40mail.example&long=' + 'x'.repeat(300);
    const verdict = mayActWithoutAsking({ kind: 'navigate', url }, RUN);
    expect(verdict).toMatchObject({ ask: true, destination: url });
    const form = mayActWithoutAsking(
      press({ name: 'Go', submitsForm: true, formMethod: 'get', formAction: url }),
      RUN,
    );
    expect(form).toMatchObject({ ask: true, destination: url });
  });

  it('shortens long quoted text on the card', () => {
    const verdict = mayActWithoutAsking(press({ name: `Delete ${'x'.repeat(200)}` }), RUN);
    expect(verdict.ask === true && verdict.effect.length).toBeLessThan(120);
  });
});

describe('consequenceOfName', () => {
  it.each([
    ['Buy now', 'buy'],
    ['jetzt kaufen', 'buy'],
    ['Acheter', 'buy'],
    ['Bezahlen', 'pay'],
    ['Überweisen', 'transfer'],
    ['Löschen', 'delete'],
    ['Publicar', 'post'],
    ['Envoyer', 'send'],
    ['Submit', 'submit'],
    ['Add to cart', null],
    ['Payment methods', null],
    ['Poster size', null],
  ])('%s -> %s', (name, expected) => {
    expect(consequenceOfName(name)).toBe(expected);
  });
});
