// Handlers for the panel's system, tab and page-context requests.
import type { GroupHandlers } from '../../shared/protocol/define-channel';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { systemRequestMethods } from '../../shared/protocol/panel-to-worker';
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
    'page/get-context': async (payload, context) => {
      const site = await findTabSite(payload.tabId);
      if (!site) throw new ProtocolFailure('PAGE_UNAVAILABLE', 'That tab no longer exists.');
      if (site.siteId !== 'typst')
        throw new ProtocolFailure('NOT_TYPST_TAB', 'Page context is read on typst.app tabs.');
      const result = await deps.pages.request(
        payload.tabId,
        'page/get-context',
        {},
        { signal: context.signal },
      );
      if (!result.ok)
        throw new ProtocolFailure(result.error.code, result.error.message, result.error.details);
      return result.data;
    },
  };
}
