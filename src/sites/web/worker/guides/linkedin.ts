// LinkedIn: Professional network (linkedin.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const linkedinGuide = defineSiteGuide({
  id: 'linkedin',
  name: 'LinkedIn',
  category: 'general',
  match: { hosts: ['linkedin.com'], subdomains: true },
  text: [
    'The top bar: Home (feed), My Network, Jobs, Messaging, Notifications and Me. A profile has sections (About, Experience, Education, Skills) whose "see more" links expand them; long lists open on their own pages.',
    'Search results split into People, Jobs, Posts, Companies and more, with filters in a row below the search box. The feed loads as you scroll; "...see more" expands a post.',
    'Traps: Connect, Follow, Message, reactions, comments and reposts reach other people, and "Easy Apply" sends an application with the person\'s profile. Do these only when the person asked and confirmed; upsells for Premium are not required for ordinary tasks.',
  ].join('\n'),
});
