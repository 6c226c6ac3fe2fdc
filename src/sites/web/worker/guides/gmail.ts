// Gmail: Mail (mail.google.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const gmailGuide = defineSiteGuide({
  id: 'gmail',
  name: 'Gmail',
  category: 'general',
  match: { hosts: ['mail.google.com'] },
  text: [
    'Left column: Compose, then Inbox, Starred, Snoozed, Sent, Drafts and labels ("More" shows the rest). The inbox may be split into Primary, Promotions, Social and Updates tabs: a message can sit in a tab other than the one shown.',
    'The search box at the top takes operators such as from:, to:, subject:, has:attachment, is:unread, after:2024/01/31 and before:; searching is faster and more complete than scrolling the list.',
    'Messages are grouped into conversations. An opened conversation may collapse earlier messages into a "N older messages" row: expand it before summarizing a thread.',
    'Reply, Reply all and Forward are at the bottom of a conversation; Compose opens a window at the lower right. Sending cannot be taken back after the short Undo moment, so confirm recipients, subject and text with the person first.',
    'Traps: list checkboxes select conversations for Archive, Delete or Mark as read, and "Select all" can extend to every conversation that matches a search. /mail/u/0/ and /mail/u/1/ in the address are different accounts. Keyboard shortcuts may be off; click instead.',
  ].join('\n'),
});
