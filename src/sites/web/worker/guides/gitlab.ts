// GitLab: Code hosting (gitlab.com).
import { defineSiteGuide } from '../../../../worker/sites/site-guide';

export const gitlabGuide = defineSiteGuide({
  id: 'gitlab',
  name: 'GitLab',
  category: 'general',
  match: { hosts: ['gitlab.com', 'www.gitlab.com'] },
  text: [
    "A project's left sidebar groups Code (repository, branches, merge requests), Plan (issues, boards, wiki), Build (pipelines, jobs) and Settings; the top has search and the project name path.",
    'Lists of issues and merge requests filter with tokens in the search bar (Author, Assignee, Label, Milestone). A merge request has Overview, Commits, Pipelines and Changes tabs; its approval and pipeline state sit above the merge button.',
    'Traps: "Merge" beside "Set to auto-merge", the "Delete source branch" checkbox, "Close merge request", and Settings > General > Advanced (archive, transfer, delete). Do these only when the person asked and confirmed.',
    'Self-managed GitLab servers on other hosts may differ; this guide is for gitlab.com.',
  ].join('\n'),
});
