// Facebook: Social network (facebook.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const facebookGuide = defineSiteGuide({
  id: 'facebook',
  name: 'Facebook',
  category: 'general',
  match: { hosts: ['facebook.com'], subdomains: true },
  text: [
    'The left column has shortcuts (Friends, Groups, Marketplace, Memories, Saved); the feed is in the middle and contacts on the right. The feed loads as you scroll; "See more" expands a post and "View more comments" loads comments.',
    'The composer ("What\'s on your mind?") posts with the audience its selector shows (Public, Friends, or a custom list); group posts go to the group.',
    "Marketplace listings show price, location and the seller; messages to sellers go from the person's account.",
    'Traps: posting, commenting, reacting, sharing, friend requests and messages reach people at once. Do these only when the person asked and confirmed the text and the audience. Cookie and login dialogs may cover the page at first.',
  ].join('\n'),
});
