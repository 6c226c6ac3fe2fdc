// Opens the side panel from the toolbar button. Chromium has chrome.sidePanel;
// Firefox shows the same page as a sidebar_action and has no such API.
// ## Why our own click handler instead of openPanelOnActionClick
// Only a click that reaches `action.onClicked` gives the extension temporary access
// to the tab (activeTab); the browser opening the panel by itself does not. So the
// panel behaviour is switched off (it persists across sessions, so every start sets
// it) and the handler opens the panel itself, synchronously: an await before
// `sidePanel.open` (or Firefox's `sidebarAction.toggle`) loses the click's user gesture.
// @see https://developer.chrome.com/docs/extensions/reference/api/sidePanel#method-open
// @see https://developer.mozilla.org/en-US/docs/Mozilla/Add-ons/WebExtensions/API/sidebarAction/toggle
import { openPanelFor } from './quick-attach-platform';

interface SidebarToggle {
  toggle?: () => Promise<void>;
}

/** Firefox's sidebar, when this browser has one and no Chromium side panel. */
function firefoxSidebar(): SidebarToggle | undefined {
  if ((chrome as { sidePanel?: unknown }).sidePanel) return undefined;
  return (globalThis as { browser?: { sidebarAction?: SidebarToggle } }).browser?.sidebarAction;
}

/**
 * Wires the toolbar button: it opens the panel (Firefox: shows or hides the sidebar,
 * as its own sidebar button does) and then reports the click, which gave the
 * extension temporary access to that tab's page.
 */
export function configureSidePanel(onActionClicked: (tab: chrome.tabs.Tab) => void): void {
  const sidePanel = (chrome as { sidePanel?: typeof chrome.sidePanel }).sidePanel;
  void sidePanel?.setPanelBehavior({ openPanelOnActionClick: false }).catch(() => undefined);
  chrome.action.onClicked.addListener((tab) => {
    // First, before anything is awaited: the click's user gesture ends with this task.
    const sidebar = firefoxSidebar();
    if (sidebar?.toggle) {
      try {
        void sidebar.toggle().catch(() => undefined);
      } catch {
        // A sidebar that cannot toggle here: the click still grants the tab.
      }
    } else if (tab.id !== undefined) openPanelFor(tab.id);
    onActionClicked(tab);
  });
}
