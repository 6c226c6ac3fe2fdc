// Handlers for the panel's system, tab, site catalog and page-context requests.
import type { GroupHandlers } from '../../shared/protocol/define-channel';
import { ProtocolFailure, unwrap } from '../../shared/protocol/envelope';
import type { systemRequestMethods } from '../../shared/protocol/panel-to-worker';
import { SITES } from '../../sites/sites';
import type { PageRequests } from '../page-requests';
import { findTabSite } from '../tab-sites';

export interface SystemHandlerDeps {
  readonly instanceId: string;
  readonly startedAt: number;
  readonly version: string;
  readonly pages: PageRequests;
}

export function createSystemHandlers(
  deps: SystemHandlerDeps,
): GroupHandlers<typeof systemRequestMethods> {
  return {
    'system/ping': () => ({
      instanceId: deps.instanceId,
      startedAt: deps.startedAt,
      version: deps.version,
    }),
    'tab/get-site': (payload) => findTabSite(payload.tabId, payload.windowId),
    'site/catalog': () => ({ sites: SITES.map((site) => ({ id: site.id, panel: site.panel })) }),
    'page/get-context': async (payload, context) => {
      const site = await findTabSite(payload.tabId);
      if (!site) throw new ProtocolFailure('PAGE_UNAVAILABLE', 'That tab no longer exists.');
      if (site.siteId === null)
        throw new ProtocolFailure('SITE_NOT_SUPPORTED', 'Side Agent cannot read this page.');
      return unwrap(
        await deps.pages.request(payload.tabId, 'page/get-context', {}, { signal: context.signal }),
      );
    },
  };
}
