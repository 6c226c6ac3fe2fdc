// Chase: Banking (chase.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const chaseGuide = defineSiteGuide({
  id: 'chase',
  name: 'Chase',
  category: 'finance',
  match: { hosts: ['chase.com'], subdomains: true },
  text: [
    "After sign-in, the accounts overview lists checking, savings and credit card accounts with balances; an account's activity separates pending from posted transactions.",
    'The Pay & transfer menu holds transfers between accounts, bill pay, Zelle and wires. Zelle payments usually arrive within minutes and generally cannot be cancelled once sent.',
    "Sign-in may ask for a one-time code sent to the person's phone: only the person can provide it. Sessions end after a period of inactivity. Statements and documents are under the account menu.",
  ].join('\n'),
});
