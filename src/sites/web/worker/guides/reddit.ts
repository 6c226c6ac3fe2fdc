// Reddit: Forums (reddit.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const redditGuide = defineSiteGuide({
  id: 'reddit',
  name: 'Reddit',
  category: 'general',
  match: { hosts: ['reddit.com'], subdomains: true },
  text: [
    'There are two layouts: the current one (www.reddit.com) and the compact old.reddit.com; controls differ, so read what the page shows. Communities are at /r/name and users at /u/name.',
    'A post page shows the post, then comments sorted by Best, Top, New or Controversial. Comments nest; "more replies" and "Continue this thread" load hidden parts, so a summary of a thread should expand them or say they were not read.',
    'Some communities show a content warning or require sign-in before showing posts.',
    "Traps: votes, Join, comments, replies and posts are public under the person's name. Do these only when the person asked and confirmed the exact text and community.",
  ].join('\n'),
});
