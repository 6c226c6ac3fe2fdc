// eBay: Marketplace (ebay.com and its country sites).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const ebayGuide = defineSiteGuide({
  id: 'ebay',
  name: 'eBay',
  category: 'general',
  match: {
    hosts: [
      'ebay.com',
      'www.ebay.com',
      'ebay.co.uk',
      'www.ebay.co.uk',
      'ebay.de',
      'www.ebay.de',
      'ebay.fr',
      'www.ebay.fr',
      'ebay.it',
      'www.ebay.it',
      'ebay.es',
      'www.ebay.es',
      'ebay.ca',
      'www.ebay.ca',
      'ebay.com.au',
      'www.ebay.com.au',
    ],
  },
  text: [
    'Search at the top; filters on the left (Buying format: Auction, Buy It Now, Accepts Offers; Condition; Price; Item location) and Sort at the top. The "Sold items" filter shows what items actually sold for.',
    "An item page shows the condition, the price or current bid with the time left, shipping cost and delivery estimate, returns, the item location and the seller's feedback score. Read the item description and specifics before comparing.",
    'Traps: a bid is a binding promise to buy if you win, and "Buy It Now" or "Commit to buy" completes a purchase; a Best Offer, once accepted, is binding too. Never bid, buy or make an offer unless the person confirmed the item and amount.',
  ].join('\n'),
});
