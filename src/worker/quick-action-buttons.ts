// Tells a page's floating quick-actions toolbar which buttons to draw: the built-in
// actions and the person's own, by name. Sent when a page's top frame is ready, so a
// change in Settings shows on the next page load. Names only: the templates stay in
// the worker and the panel, and the page learns nothing it could act on.
import { quickActionButtons } from '../shared/protocol/quick-actions';
import type { GeneralSettings } from '../shared/protocol/settings-messages';
import type { PageRequests } from './page-requests';

export async function sendQuickActionButtons(
  pages: PageRequests,
  general: () => Promise<Pick<GeneralSettings, 'quickActions'>>,
  tabId: number,
): Promise<void> {
  const { quickActions } = await general();
  // A page that cannot take them (no layer, no access) keeps its built-in buttons.
  await pages.request(tabId, 'page/quick-actions', {
    actions: quickActionButtons(quickActions),
  });
}
