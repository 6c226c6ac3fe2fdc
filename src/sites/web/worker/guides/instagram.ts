// Instagram: Photos and video (instagram.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const instagramGuide = defineSiteGuide({
  id: 'instagram',
  name: 'Instagram',
  category: 'general',
  match: { hosts: ['instagram.com'], subdomains: true },
  text: [
    'The side bar: Home, Search, Explore, Reels, Messages, Notifications, Create and Profile. A profile shows counts, the bio and a grid of posts; opening a post shows the media, the caption and comments.',
    'Posts are mostly images and video; their text alternatives are often generated and thin, so a screenshot may tell you more. Signed out, a login dialog appears after a few pages.',
    "Traps: likes, comments, follows, messages and shares reach people under the person's account. Do these only when the person asked and confirmed.",
  ].join('\n'),
});
