// Outlook: Mail in Outlook on the web.
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const outlookGuide = defineSiteGuide({
  id: 'outlook',
  name: 'Outlook',
  category: 'general',
  match: { hosts: ['outlook.live.com', 'outlook.office.com', 'outlook.office365.com'] },
  text: [
    'Left: the folder pane (Inbox, Drafts, Sent Items, Deleted Items, Archive, Junk Email and your folders), collapsible. The inbox may be split into Focused and Other: a message can sit in the tab not shown.',
    'The message list is in the middle and the reading pane to the right or below; a conversation may group several messages, with earlier ones collapsed.',
    'The search box at the top searches the whole mailbox and takes from:, to:, subject: and hasattachments:yes; filters appear after a search.',
    'New mail opens a form with To, Cc, Subject and the body; Send goes at once (Undo send is a setting that may be off), so confirm recipients and text with the person first. Reply all reaches everyone on the thread.',
    'Traps: Sweep, Empty folder and "Delete all" act on many messages; an external-recipient warning may appear above the form.',
  ].join('\n'),
});
