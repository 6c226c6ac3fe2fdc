// Stripe Dashboard: Payments dashboard (dashboard.stripe.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const stripeGuide = defineSiteGuide({
  id: 'stripe',
  name: 'Stripe Dashboard',
  category: 'finance',
  match: { hosts: ['dashboard.stripe.com'] },
  text: [
    'The left navigation: Home, Balances, Transactions (payments), Customers, Product catalog, Billing (subscriptions, invoices), Reports and Developers. A "Test mode" badge or toggle means test data: always say whether what you read is test or live.',
    'A payment shows its amount, status (Succeeded, Refunded, Disputed, Failed), the customer, the payment method and a timeline; lists filter by date, status and amount.',
    'Traps: in live mode, Refund returns real money, cancelling a subscription stops billing, and payouts move funds. Developers holds API keys: never reveal or copy a secret key.',
  ].join('\n'),
});
