// Bank of America: Banking (bankofamerica.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const bankOfAmericaGuide = defineSiteGuide({
  id: 'bank-of-america',
  name: 'Bank of America',
  category: 'finance',
  match: { hosts: ['bankofamerica.com'], subdomains: true },
  text: [
    'After sign-in, the accounts overview lists deposit and credit accounts with balances; an account page lists transactions with pending ones marked, and links to statements and documents.',
    'Transfer | Zelle moves money between accounts or to other people, and Bill Pay schedules payments. Zelle payments usually arrive within minutes and generally cannot be cancelled once sent.',
    "Sign-in may ask for a code sent to the person's phone: only the person can provide it. The Security Center and profile settings change sign-in and alerts.",
  ].join('\n'),
});
