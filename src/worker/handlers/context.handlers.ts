// Handlers for the panel's send-time capture and "+ Add" requests. They ask the
// site serving the named tab (its worker part's context reader) and hand back only
// what the panel may keep: a document's identity (never its text), a selection, an
// image.
import type { GroupHandlers, HandlerContext } from '../../shared/protocol/define-channel';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { contextRequestMethods } from '../../shared/protocol/context-messages';
import type { PageRequests } from '../page-requests';
import { workerSiteOf } from '../sites/worker-sites';
import type { SiteContextReader, SitePage } from '../sites/worker-site';
import { findTabSite } from '../tab-sites';

/** What the context handlers need from the worker. */
export interface ContextHandlerDeps {
  readonly pages: PageRequests;
}

/** The site serving `tabId`, its context reader (null when it offers none) and a page handle. */
async function siteContext(
  deps: ContextHandlerDeps,
  tabId: number,
  context: HandlerContext,
): Promise<{ reader: SiteContextReader | null; page: SitePage }> {
  const tab = await findTabSite(tabId);
  if (!tab) throw new ProtocolFailure('PAGE_UNAVAILABLE', 'That tab no longer exists.');
  if (tab.siteId === null) {
    throw new ProtocolFailure('SITE_NOT_SUPPORTED', 'Side Agent cannot read this page.');
  }
  const page: SitePage = {
    tabId,
    signal: context.signal,
    request: (method, payload) =>
      deps.pages.request(tabId, method, payload, { signal: context.signal }),
  };
  return { reader: workerSiteOf(tab.siteId).context ?? null, page };
}

function requireReader(reader: SiteContextReader | null): SiteContextReader {
  if (!reader)
    throw new ProtocolFailure('SITE_FEATURE_UNAVAILABLE', 'This page offers nothing to attach.');
  return reader;
}

/** The `context/*` handlers, composed into panel-to-worker.handlers.ts. */
export function createContextHandlers(
  deps: ContextHandlerDeps,
): GroupHandlers<typeof contextRequestMethods> {
  return {
    'context/read-identity': async (payload, context) => {
      const { reader, page } = await siteContext(deps, payload.tabId, context);
      // A site without a document has nothing to capture at Send; that is not an error.
      return reader ? reader.identity(page) : { file: null, selection: null };
    },
    'context/read-selection': async (payload, context) => {
      const { reader, page } = await siteContext(deps, payload.tabId, context);
      return requireReader(reader).selection(page);
    },
    'context/read-quick-action': async (payload, context) => {
      const { reader, page } = await siteContext(deps, payload.tabId, context);
      if (!reader?.quickAction)
        throw new ProtocolFailure(
          'SITE_FEATURE_UNAVAILABLE',
          'This page offers no quick actions on a selection.',
        );
      return reader.quickAction(page);
    },
    'context/capture-preview': async (payload, context) => {
      const { reader, page } = await siteContext(deps, payload.tabId, context);
      return requireReader(reader).capture(page, 'preview');
    },
    'context/read-opened-image': async (payload, context) => {
      const { reader, page } = await siteContext(deps, payload.tabId, context);
      return requireReader(reader).capture(page, 'opened-image');
    },
  };
}
