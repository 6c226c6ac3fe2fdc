// ## Owns
// The words that make a control consequential, by what it would do, in the page
// languages people use most (English, German, French, Spanish, Italian, Portuguese,
// Dutch), and the form fields that mark a payment or an account change. Whole words
// only: "Post" asks, "Postcode" does not.

/** What a consequential control does, each with its own run grant. */
export type Consequence =
  'buy' | 'pay' | 'send' | 'post' | 'delete' | 'transfer' | 'account' | 'submit';

/** How the approval card says it. */
export const CONSEQUENCE_REASON: Readonly<Record<Consequence, string>> = {
  buy: 'It looks like it places an order or buys something.',
  pay: 'It looks like it pays.',
  send: 'It looks like it sends something to someone.',
  post: 'It looks like it posts or publishes something.',
  delete: 'It looks like it deletes something.',
  transfer: 'It looks like it transfers money.',
  account: 'It looks like it changes your account (payment, password or contact details).',
  submit: 'It submits a form to the site.',
};

// Order matters: the first match names the consequence ("Send money" transfers).
// Words that also name harmless controls stay out ("Order by", "Payment methods",
// "Share", "Checkout" as the way to the checkout page).
const WORDS: readonly (readonly [Exclude<Consequence, 'account'>, readonly string[]])[] = [
  [
    'buy',
    [
      'buy',
      'buy now',
      'purchase',
      'place order',
      'order now',
      'complete order',
      'confirm order',
      'submit order',
      'kaufen',
      'jetzt kaufen',
      'bestellen',
      'kaufen',
      'zahlungspflichtig bestellen',
      'acheter',
      'commander',
      'comprar',
      'acquista',
      'kopen',
      'afrekenen',
      'finalizar compra',
    ],
  ],
  [
    'pay',
    [
      'pay',
      'pay now',
      'make payment',
      'confirm payment',
      'zahlen',
      'bezahlen',
      'jetzt bezahlen',
      'payer',
      'pagar',
      'paga',
      'betalen',
    ],
  ],
  [
    'transfer',
    [
      'transfer',
      'send money',
      'wire',
      'überweisen',
      'überweisung',
      'virement',
      'transférer',
      'transferir',
      'bonifico',
      'trasferisci',
      'overmaken',
      'overboeken',
    ],
  ],
  [
    'delete',
    [
      'delete',
      'delete account',
      'remove account',
      'close account',
      'erase',
      'destroy',
      'löschen',
      'supprimer',
      'eliminar',
      'borrar',
      'elimina',
      'cancella',
      'excluir',
      'apagar',
      'verwijderen',
    ],
  ],
  [
    'post',
    [
      'post',
      'publish',
      'tweet',
      'veröffentlichen',
      'posten',
      'publier',
      'publicar',
      'pubblica',
      'publiceren',
      'plaatsen',
    ],
  ],
  [
    'send',
    ['send', 'senden', 'abschicken', 'envoyer', 'enviar', 'invia', 'verzenden', 'versturen'],
  ],
  ['submit', ['submit', 'absenden', 'soumettre', 'indienen', 'submeter', 'enviar formulario']],
];

/** Form fields that mark a form as a payment or an account change (names, types, autocomplete). */
const ACCOUNT_FIELD =
  /\b(cc-(number|csc|exp)|card ?number|cardnumber|cvc|cvv|csc|iban|bic|swift|routing|account ?number|new-password|current-password|password|passwort|mot de passe|contraseña|kennwort)\b/i;

const escape = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PATTERNS = WORDS.map(
  ([consequence, words]) =>
    [
      consequence,
      new RegExp(`(?<![\\p{L}\\p{N}])(${words.map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'iu'),
    ] as const,
);

/** What a control's name says it does, or null when nothing consequential. */
export function consequenceOfName(name: string): Consequence | null {
  const text = name.normalize('NFC').replace(/\s+/g, ' ').trim();
  for (const [consequence, pattern] of PATTERNS) if (pattern.test(text)) return consequence;
  return null;
}

/** Whether a form's fields or address look like a payment or an account change. */
export function looksLikeAccountForm(formWords: string): boolean {
  return ACCOUNT_FIELD.test(formWords) || consequenceOfName(formWords) === 'pay';
}
