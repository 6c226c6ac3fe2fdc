// Which tab this panel serves. In the real side panel it is the active tab of the
// panel's window; when the panel page is opened in a tab (tests, Firefox without a
// sidebar) the tab must be given explicitly as `?tabId=N`, because the active tab
// is then the panel itself.
export function explicitTabId(search: string): number | undefined {
  const raw = new URLSearchParams(search).get('tabId');
  if (raw === null || !/^\d{1,10}$/.test(raw)) return undefined;
  return Number(raw);
}
