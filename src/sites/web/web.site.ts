// Any other http(s) page as a site: the web agent face. Nothing runs on a page before
// the person allows the site; the page part lives in the content script's isolated
// world, which can reach closed shadow roots, so it needs no MAIN-world runtime.
// Its chats belong to the page's origin: a chat follows a site across its tabs and
// reloads, as the per-origin host permissions do.
import { defineSite, httpOrigin } from '../site-contract';
import { actMethods } from './methods/act-methods';
import { findMethods } from './methods/find-methods';
import { devMethods } from './methods/dev-methods';
import { indicatorMethods } from './methods/indicator-methods';
import { mediaMethods } from './methods/media-methods';
import { readMethods } from './methods/read-methods';
import { scrollMethods } from './methods/scroll-methods';
import { treeMethods } from './methods/tree-methods';
import { uploadMethods } from './methods/upload-methods';
import { waitMethods } from './methods/wait-methods';

export const webSite = defineSite({
  id: 'web',
  urls: { patterns: ['https://*/*', 'http://*/*'], matches: (url) => httpOrigin(url) !== null },
  access: 'grant',
  frames: 'all',
  mainWorld: false,
  scopeOf: (url) => httpOrigin(url),
  pageMethods: {
    ...treeMethods,
    ...readMethods,
    ...actMethods,
    ...findMethods,
    ...scrollMethods,
    ...devMethods,
    ...indicatorMethods,
    ...waitMethods,
    ...uploadMethods,
    ...mediaMethods,
  },
  document: false,
  panel: {
    label: 'Web',
    scopeLabel: '{key}',
    scopeUrl: null,
    placeholder: 'Ask about this page\u2026',
    noScope:
      'Side Agent works on web pages (http and https). On this page nothing is read or sent.',
    emptyState: 'Ask about this page: the agent reads it for you and answers here.',
    suggestions: ['Summarize this page', 'What can I do on this page?'],
    modeControl: 'agent-mode',
    attachments: [],
    recovery: false,
    shortcuts: 'Enter sends \u00b7 Shift+Enter new line',
    grant: {
      title: 'Allow Side Agent on {host}',
      explanation:
        'Side Agent will then read the pages of {host} you open it on and act on them only when you ask. It works only on the sites you allow here; until you allow this one, nothing on it is read.',
    },
  },
});
