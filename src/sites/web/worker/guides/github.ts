// GitHub: Code hosting (github.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const githubGuide = defineSiteGuide({
  id: 'github',
  name: 'GitHub',
  category: 'general',
  match: { hosts: ['github.com', 'www.github.com', 'gist.github.com'] },
  text: [
    'A repository page has tabs: Code, Issues, Pull requests, Actions, Projects, Wiki, Security, Insights and, with admin rights, Settings. Code shows the branch menu, "Go to file", the file tree and the README.',
    'Issue and pull request lists filter with qualifiers in the search box: is:open, is:pr, author:@me, label:bug, assignee:. A pull request has Conversation, Commits, Checks and Files changed; large diffs are collapsed behind "Load diff", and long conversations hide comments behind "Load more".',
    "A file's Raw button opens raw.githubusercontent.com, another site.",
    'Traps: "Comment" sits beside "Close with comment"; the merge button\'s menu picks merge, squash or rebase; a review is submitted as Comment, Approve or Request changes. Settings holds the Danger Zone (visibility, transfer, archive, delete). Never merge, close, delete or change settings unless the person asked and confirmed.',
    'GitHub Enterprise servers on other hosts may differ; this guide is for github.com.',
  ].join('\n'),
});
