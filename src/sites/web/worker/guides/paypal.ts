// PayPal: Payments (paypal.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const paypalGuide = defineSiteGuide({
  id: 'paypal',
  name: 'PayPal',
  category: 'finance',
  match: { hosts: ['paypal.com'], subdomains: true },
  text: [
    'The summary shows the balance and recent activity; Activity lists transactions with filters; Send and Request moves money; Wallet lists linked cards and bank accounts.',
    'Sending money asks for the recipient, the amount and currency, and for personal payments whether it is for friends and family or for goods and services: only the latter carries purchase protection, and fees differ. A sent payment usually cannot be taken back.',
    "Disputes and claims are in the Resolution Center. PayPal's real pages are on paypal.com; a page elsewhere asking for PayPal credentials is not PayPal.",
  ].join('\n'),
});
