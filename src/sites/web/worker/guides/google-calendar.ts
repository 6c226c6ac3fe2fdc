// Google Calendar: Calendar (calendar.google.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const googleCalendarGuide = defineSiteGuide({
  id: 'google-calendar',
  name: 'Google Calendar',
  category: 'general',
  match: { hosts: ['calendar.google.com'] },
  text: [
    'Top bar: Today, the previous and next arrows, the date range shown, and a view menu (Day, Week, Month, Year, Schedule). The left side has Create, a month grid and the lists "My calendars" and "Other calendars": only checked calendars are drawn, so say so when counting events.',
    'Clicking an event opens a small card (time, guests, location, video link, description); the pencil opens the full editor, which changes nothing until Save.',
    'Saving or deleting an event with guests asks whether to send emails to them; changing a recurring event asks "This event", "This and following events" or "All events". Confirm these choices with the person.',
    "Times are shown in the calendar's time zone (Settings); name the zone when you report a time, and check it when the person is travelling.",
    "Traps: the Schedule view hides declined events by default; all-day events sit in a row above the hours; a busy block from another calendar may be someone else's event.",
  ].join('\n'),
});
