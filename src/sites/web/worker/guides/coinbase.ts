// Coinbase: Crypto exchange (coinbase.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const coinbaseGuide = defineSiteGuide({
  id: 'coinbase',
  name: 'Coinbase',
  category: 'finance',
  match: { hosts: ['coinbase.com'], subdomains: true },
  text: [
    "The home and assets pages show holdings and their value; each asset's page shows its price chart and the Buy, Sell, Convert, Send and Receive actions; the transaction history lists past trades and transfers.",
    'A trade shows a preview with the amount, price, fees and total before confirming; quotes expire after a short time and prices move.',
    'Sending crypto is irreversible: the address and the network must match the receiving side, or the funds are lost. Never guess an address or a network.',
  ].join('\n'),
});
