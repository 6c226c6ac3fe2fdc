// Handlers for the panel's site-access requests (site-access-messages.ts). They only
// delegate to the site-access service.
import type { GroupHandlers } from '../../shared/protocol/define-channel';
import type { siteAccessRequestMethods } from '../../shared/protocol/site-access-messages';
import type { SiteAccessService } from '../site-access/site-access-service';

export interface SiteAccessHandlerDeps {
  readonly siteAccess: SiteAccessService;
}

export function createSiteAccessHandlers(
  deps: SiteAccessHandlerDeps,
): GroupHandlers<typeof siteAccessRequestMethods> {
  const { siteAccess } = deps;
  return {
    'sites/get-access': (payload) => siteAccess.access(payload.tabId),
    'sites/allow': (payload) => siteAccess.allow(payload),
    'sites/allow-frame': (payload) => siteAccess.allowFrame(payload),
    'sites/list': () => siteAccess.list(),
    'sites/revoke': (payload) => siteAccess.revoke(payload),
  };
}
