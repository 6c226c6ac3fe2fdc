// WhatsApp Web: Messaging (web.whatsapp.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const whatsappGuide = defineSiteGuide({
  id: 'whatsapp',
  name: 'WhatsApp Web',
  category: 'general',
  match: { hosts: ['web.whatsapp.com'] },
  text: [
    "WhatsApp Web works only while linked to the person's phone: if a QR code is shown, only the person can link it, so stop and tell them.",
    'The left column lists chats with a search box; the open chat is on the right, with older messages loading as you scroll up and the composer at the bottom.',
    'In the composer, Enter sends at once. Messages, voice notes, calls and "Delete for everyone" reach other people immediately: send or delete only when the person asked and confirmed the exact text and the chat.',
    'Chats are private: do not copy their content anywhere the person did not ask for.',
  ].join('\n'),
});
