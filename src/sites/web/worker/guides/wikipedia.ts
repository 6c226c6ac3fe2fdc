// Wikipedia: Encyclopedia (wikipedia.org).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const wikipediaGuide = defineSiteGuide({
  id: 'wikipedia',
  name: 'Wikipedia',
  category: 'general',
  match: { hosts: ['wikipedia.org'], subdomains: true },
  text: [
    'An article starts with a lead section that summarizes it, often with an infobox; the contents list is in a side column (or collapsed under a button). On the mobile site (xx.m.wikipedia.org) sections may be collapsed: expand them before summarizing.',
    'Numbered superscripts link to the References list at the end; cite the section you read. Disambiguation pages list several meanings: pick the right article instead of summarizing the list.',
    'Each language edition is its own subdomain; the language menu links to the same article in other languages. Talk and View history are separate pages.',
    'Traps: Edit publishes to everyone at once. Never edit unless the person asked and confirmed the change.',
  ].join('\n'),
});
