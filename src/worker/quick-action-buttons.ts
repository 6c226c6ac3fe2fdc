// Tells a page's floating quick-actions toolbar which buttons to draw: the built-in
// actions and the person's own, by name. Sent when a page's top frame is ready, and
// again to every open tab when the person changes them in Settings, so a new action
// is on the toolbar without a reload. Names only: the templates stay in the worker
// and the panel, and the page learns nothing it could act on.
import { quickActionButtons } from '../shared/protocol/quick-actions';
import type { GeneralSettings } from '../shared/protocol/settings-messages';
import type { PageRequests } from './page-requests';

type General = () => Promise<Pick<GeneralSettings, 'quickActions'>>;

export async function sendQuickActionButtons(
  pages: PageRequests,
  general: General,
  tabId: number,
): Promise<void> {
  const { quickActions } = await general();
  // A page that cannot take them (no layer, no access) keeps its built-in buttons.
  await pages.request(tabId, 'page/quick-actions', {
    actions: quickActionButtons(quickActions),
  });
}

/** The parts of the browser the re-send needs. */
export interface ButtonsWatchPlatform {
  /** Calls back when the stored general settings change (any field). */
  readonly onGeneralChanged: (listener: () => void) => void;
  /** Ids of the tabs open now. */
  readonly tabIds: () => Promise<readonly number[]>;
}

/** Most tabs told at once: a person with 300 tabs should not stall the worker. */
const AT_ONCE = 8;

/**
 * Re-sends the buttons to every open tab whenever the person's actions change. Tabs
 * whose page has no toolbar refuse quietly, as on a first load.
 */
export function watchQuickActionButtons(
  platform: ButtonsWatchPlatform,
  pages: PageRequests,
  general: General,
): void {
  const keyOf = async () => JSON.stringify((await general()).quickActions);
  // What the tabs were last told about; read once at start, so the first change after
  // a worker start is compared with what the pages already show.
  let last: Promise<string | null> = keyOf().catch(() => null);
  platform.onGeneralChanged(() => {
    void (async () => {
      const before = await last;
      const now = keyOf().catch(() => null);
      last = now;
      // Other general settings change far more often than the actions do.
      if ((await now) === before) return;
      const tabs = [...(await platform.tabIds())];
      const next = async (): Promise<void> => {
        const tabId = tabs.shift();
        if (tabId === undefined) return;
        await sendQuickActionButtons(pages, general, tabId).catch(() => undefined);
        return next();
      };
      await Promise.all(Array.from({ length: AT_ONCE }, next));
    })().catch(() => undefined);
  });
}
