// Google Maps: Maps (google.com/maps, maps.google.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const googleMapsGuide = defineSiteGuide({
  id: 'google-maps',
  name: 'Google Maps',
  category: 'general',
  match: { hosts: ['www.google.com', 'google.com', 'maps.google.com'], paths: ['/maps'] },
  text: [
    'The search box and results are in a panel on the left; the map itself is drawn on a canvas and is mostly not in the accessibility tree, so read places from the panel.',
    'A place shows Overview, Reviews and About tabs with the address, opening hours, phone, website and rating; hours for holidays may differ from what is shown. Results may include sponsored places.',
    'Directions take a start and destination and offer travel modes (driving, transit, walking, cycling); each route lists its time and distance, and "Leave now" can be changed to a departure or arrival time.',
    "Traps: Save, Write a review and Suggest an edit act under the person's account. Do these only when the person asked and confirmed.",
  ].join('\n'),
});
