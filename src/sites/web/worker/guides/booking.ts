// Booking.com: Hotels and stays (booking.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const bookingGuide = defineSiteGuide({
  id: 'booking',
  name: 'Booking.com',
  category: 'general',
  match: { hosts: ['booking.com'], subdomains: true },
  text: [
    'Search takes a destination, dates and the guests and rooms; results show filters on the left (price, review score, free cancellation, property type) and a map. A price may be per stay with "+ taxes and charges" extra.',
    'A property page has a table of rooms: type, sleeps, price for the stay and conditions such as "Free cancellation before" a date, "Non-refundable" or "No prepayment needed". The amount menu per room and "I\'ll reserve" lead to the details form.',
    'Labels such as "Only 1 room left" are marketing; check the currency menu and whether the price is for all nights and guests.',
    'Traps: the last step ("Complete booking") books and may charge a card. Never book unless the person confirmed property, dates, guests, room, cancellation policy and total.',
  ].join('\n'),
});
