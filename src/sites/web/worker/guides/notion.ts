// Notion: Workspace pages (notion.so, notion.com, published *.notion.site pages).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const notionGuide = defineSiteGuide({
  id: 'notion',
  name: 'Notion',
  category: 'general',
  match: { hosts: ['notion.so', 'notion.com', 'notion.site'], subdomains: true },
  text: [
    'The left sidebar holds the workspace switcher, Search, Home, Inbox, then Teamspaces, Shared and Private page trees (arrows expand sub-pages); the page opens in the main area.',
    'A page is a column of blocks; typing "/" in an empty block opens the block menu. Databases show as tables, boards, lists or calendars with view tabs, filters and sorts above them; a row opens as its own page with properties at the top.',
    'Long pages and databases load as you scroll, and toggles hide their contents until opened: expand what you summarize.',
    'Changes save as you type. Traps: Share and Publish at the top right (Publish puts a page on the public web), the "..." menu\'s Delete (to Trash), and moving a page, which changes who can see it. Confirm those with the person.',
  ].join('\n'),
});
