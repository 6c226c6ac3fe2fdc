// Confluence: Wiki on Atlassian Cloud (*.atlassian.net/wiki).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const confluenceGuide = defineSiteGuide({
  id: 'confluence',
  name: 'Confluence',
  category: 'general',
  match: { hosts: ['atlassian.net'], subdomains: true, paths: ['/wiki'] },
  text: [
    "Pages live in spaces; the space's page tree is in the left sidebar and the page in the middle, with its title, author and last update above the text. Comments are at the bottom and inline comments in the margin.",
    'Search is at the top; the "..." menu holds Page history, Export and Move. Expand macros and child-page lists may hide text until opened.',
    'Traps: Edit opens the editor, and Publish (or Update) shows the change to everyone with access at once; moving or deleting a page affects its children, and the lock icon sets restrictions. Do these only when the person asked and confirmed.',
  ].join('\n'),
});
