// YouTube: Video (youtube.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const youtubeGuide = defineSiteGuide({
  id: 'youtube',
  name: 'YouTube',
  category: 'general',
  match: { hosts: ['youtube.com'], subdomains: true },
  text: [
    'A video page has the player, the title, the channel with Subscribe, like and Share buttons, then the description (collapsed: "...more" expands it, with chapters and links) and the comments, which load as you scroll. Recommendations are beside or below.',
    'The description\'s "Show transcript" button opens the transcript with timestamps: read it to learn what a video says instead of guessing from the title.',
    'Ads may play before or during a video; a "Skip" button appears after a few seconds. The player\'s settings gear sets quality, speed and captions.',
    'Traps: Subscribe, likes, comments and playlist changes are tied to the person\'s account; "Join" starts a paid membership. Do these only when the person asked and confirmed.',
  ].join('\n'),
});
