// Opens the side panel from the toolbar button. Chromium has chrome.sidePanel;
// Firefox shows the same page as a sidebar_action and has no such API.
export function configureSidePanel(): void {
  const sidePanel = (chrome as { sidePanel?: typeof chrome.sidePanel }).sidePanel;
  if (!sidePanel) return;
  void sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);
}
