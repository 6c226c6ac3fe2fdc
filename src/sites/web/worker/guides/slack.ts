// Slack: Team chat (slack.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const slackGuide = defineSiteGuide({
  id: 'slack',
  name: 'Slack',
  category: 'general',
  match: { hosts: ['slack.com'], subdomains: true },
  text: [
    'In the web app (app.slack.com/client/…) the left sidebar lists channels, direct messages, Threads and Activity; the channel\'s messages are in the middle and a thread opens in a pane on the right ("N replies").',
    'Older messages load as you scroll up. Search at the top takes in:#channel, from:@name, before:, after: and has:link.',
    'In the composer at the bottom, Enter sends at once (Shift+Enter makes a new line), so never press Enter there unless sending is intended. Check which channel or person the composer is in: @channel and @here notify everyone in it.',
    'Traps: sending, editing, deleting and reacting to messages are seen by others at once. Do these only when the person asked and confirmed the text and the channel.',
  ].join('\n'),
});
