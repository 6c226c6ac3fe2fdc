// Outlook Calendar: Calendar in Outlook on the web.
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const outlookCalendarGuide = defineSiteGuide({
  id: 'outlook-calendar',
  name: 'Outlook Calendar',
  category: 'general',
  match: {
    hosts: ['outlook.live.com', 'outlook.office.com', 'outlook.office365.com'],
    paths: ['/calendar'],
  },
  text: [
    'The left pane has a month grid and the calendar list (only checked calendars are shown); the top has New event, Today, the arrows and the Day / Work week / Week / Month switch.',
    'Clicking an event opens a card with its details; invitations offer Accept, Tentative and Decline, each with a choice to send a response. Opening the full event shows attendees and their responses.',
    'Cancelling or deleting a meeting you organised sends a cancellation to every attendee, and editing a recurring meeting asks whether to change one occurrence or the series: confirm with the person first.',
    "Times are in the mailbox's time zone (Settings, Calendar); say which zone a time is in.",
  ].join('\n'),
});
