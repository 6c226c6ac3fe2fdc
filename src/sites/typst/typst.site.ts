// typst.app as a site: the Typst co-author face. Its chats belong to a project
// (`/project/<id>`), its page part runs in the MAIN world (it reaches typst.app's
// CodeMirror view), and its host access comes with the install.
import { defineSite } from '../site-contract';
import { typstPageMethods } from './typst-page-methods';
import { TYPST_SYNTAX_WASM } from './typst-syntax-files';
import { TYPST_MATCH_PATTERN, isTypstUrl, typstProjectId } from './typst-urls';

export const typstSite = defineSite({
  id: 'typst',
  urls: { patterns: [TYPST_MATCH_PATTERN], matches: isTypstUrl },
  access: 'install',
  frames: 'top',
  mainWorld: true,
  scopeOf: typstProjectId,
  pageMethods: typstPageMethods,
  document: true,
  packagedFiles: [TYPST_SYNTAX_WASM],
  panel: {
    label: 'typst.app',
    scopeLabel: 'Project {key}',
    scopeUrl: 'https://typst.app/project/{key}',
    placeholder: 'Ask about or edit your Typst document\u2026',
    noScope:
      'Open a project on typst.app: Side Agent chats about the open Typst file and proposes edits as diffs you review.',
    emptyState:
      'Ask about your Typst document, or let the agent edit it. Every edit is shown as a diff first unless you choose Auto approve.',
    suggestions: [
      'Fix the compile errors in this file',
      'Improve the wording of this section',
      'Explain what this file does',
    ],
    modeControl: 'edit-approval',
    attachments: ['selection', 'preview', 'opened-image'],
    recovery: true,
    shortcuts:
      'Enter sends \u00b7 Shift+Enter new line \u00b7 Ctrl/\u2318+Enter applies a reviewed diff \u00b7 Esc rejects it',
  },
});
