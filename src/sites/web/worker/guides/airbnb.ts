// Airbnb: Stays (airbnb.com and its country sites).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const airbnbGuide = defineSiteGuide({
  id: 'airbnb',
  name: 'Airbnb',
  category: 'general',
  match: {
    hosts: [
      'airbnb.com',
      'www.airbnb.com',
      'airbnb.co.uk',
      'www.airbnb.co.uk',
      'airbnb.de',
      'www.airbnb.de',
      'airbnb.fr',
      'www.airbnb.fr',
      'airbnb.it',
      'www.airbnb.it',
      'airbnb.es',
      'www.airbnb.es',
      'airbnb.ca',
      'www.airbnb.ca',
      'airbnb.com.au',
      'www.airbnb.com.au',
      'airbnb.ie',
      'www.airbnb.ie',
      'airbnb.nl',
      'www.airbnb.nl',
    ],
  },
  text: [
    'The search bar takes Where, Check in, Check out and Who; Filters (price, type of place, rooms, amenities) opens a dialog; results come with a map. Prices are per night unless the total-price display is on; dates must be set to see a real price.',
    'A listing shows photos, the host, the sleeping arrangements, amenities, house rules, check-in and check-out times, the cancellation policy and reviews; the map shows only an approximate location before booking.',
    'The price box lists the nightly price, cleaning and service fees and taxes; some listings say "Request to book" (the host must accept) instead of Reserve.',
    'Traps: "Reserve" leads to "Confirm and pay", which books and charges. Never book or message a host unless the person confirmed the listing, dates, guests and total.',
  ].join('\n'),
});
