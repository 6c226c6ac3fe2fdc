// Wells Fargo: Banking (wellsfargo.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const wellsFargoGuide = defineSiteGuide({
  id: 'wells-fargo',
  name: 'Wells Fargo',
  category: 'finance',
  match: { hosts: ['wellsfargo.com'], subdomains: true },
  text: [
    "After sign-in, the Account Summary lists accounts with balances; an account's activity shows pending and posted transactions, with statements and documents nearby.",
    'Pay & Transfer holds transfers, bill pay, Zelle and wires. Zelle payments usually arrive within minutes and generally cannot be cancelled once sent.',
    "Sign-in may ask for a one-time code sent to the person's phone: only the person can provide it. Security and profile settings change sign-in and alerts.",
  ].join('\n'),
});
