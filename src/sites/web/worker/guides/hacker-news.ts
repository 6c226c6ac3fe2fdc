// Hacker News: News and discussion (news.ycombinator.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const hackerNewsGuide = defineSiteGuide({
  id: 'hacker-news',
  name: 'Hacker News',
  category: 'general',
  match: { hosts: ['news.ycombinator.com'] },
  text: [
    'Plain HTML pages. The front page ranks 30 stories; "More" at the bottom loads the next 30. Each story shows the title (linking to another site), the domain, points, the submitter, age and "N comments", which opens the discussion.',
    'On a discussion page, comments nest by indentation; "[-]" collapses a comment and its replies, and long threads continue behind a "More" link at the bottom.',
    'The top bar links new, past, comments, ask, show and jobs.',
    "Traps: upvotes, comments, replies, submissions, flags and hides are tied to the person's account. Do these only when the person asked and confirmed.",
  ].join('\n'),
});
