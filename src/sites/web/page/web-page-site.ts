// Generic web pages: the page context is the URL and title; reading a page's
// accessibility tree belongs to the web agent's own requests.
import type { PageContext } from '../../../shared/protocol/page-context';

export const webPageSite = {
  id: 'web' as const,
  matches: (_url: string) => true,
  getContext(): PageContext {
    return {
      siteId: 'web',
      url: location.href.slice(0, 2_048),
      title: document.title.slice(0, 512),
      fileLabel: null,
      editor: null,
    };
  },
};
