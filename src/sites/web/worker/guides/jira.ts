// Jira: Issue tracking on Atlassian Cloud (*.atlassian.net).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const jiraGuide = defineSiteGuide({
  id: 'jira',
  name: 'Jira',
  category: 'general',
  match: {
    hosts: ['atlassian.net'],
    subdomains: true,
    paths: ['/jira', '/browse', '/issues', '/projects', '/secure'],
  },
  text: [
    'Issues have keys such as ABC-123. An issue shows its summary and description, a panel of fields (Status, Assignee, Priority, Sprint, Labels) and at the bottom the Activity tabs (Comments, History, Work log).',
    'A board shows issues as cards in status columns; dragging a card changes its status. The status button on an issue offers only the transitions the workflow allows. Issue search (Filters) takes JQL, such as project = ABC AND status = "In Progress" ORDER BY updated DESC.',
    'Traps: fields edit in place and save when you press Enter or leave them; a status change or comment notifies watchers. Delete is in the "..." menu. Change, move or delete issues only when the person asked and confirmed.',
  ].join('\n'),
});
