// X (Twitter): Social network (x.com, twitter.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const xGuide = defineSiteGuide({
  id: 'x',
  name: 'X (Twitter)',
  category: 'general',
  match: { hosts: ['x.com', 'twitter.com'], subdomains: true },
  text: [
    'Home has "For you" and "Following" tabs; each post shows the author, the text and media, then reply, repost, like, view count, bookmark and share buttons. Opening a post shows its thread and replies.',
    'The timeline loads as you scroll and unloads posts far above: the tree holds only what is loaded. Signed out, many pages show a sign-in wall.',
    'Search takes operators such as from:user, to:user, since:2024-01-31, until:, and has Top, Latest, People and Media tabs.',
    'Traps: posting, replying, reposting, liking, following and direct messages are public or reach people at once. Do none of them unless the person asked and confirmed the exact text and account.',
  ].join('\n'),
});
