// ## Owns
// Capturing the visible part of one tab (tabs.captureVisibleTab, the same call in
// Chromium and Firefox) for the run that works on it, and only while that tab is the
// visible tab of its window: the API captures whatever its window shows, so a tab in
// the background would hand over another page. The tab is checked before and after
// the capture; a switch in between discards the image.
// ## Permissions
// The browser captures a page only with access to all sites or with the activeTab
// grant that a click on the toolbar button gives; access to the one site is not
// enough in Chromium. Without either the call fails and the person is told why.
import { delay } from '../../shared/lib/abort';
import { fail, ok, type Result } from '../../shared/protocol/envelope';
import type { VisibleTabCapture } from '../tools/define-tool';

/**
 * Chromium allows two captures in any one second and counts refused calls too, so the
 * retry waits out a whole second: a shorter wait is refused again when rounds are
 * fast (a screenshot after every step of quick reads).
 */
const RATE_LIMIT_RETRY_MS = 1_050;

const unavailable = (message: string) => fail('CAPTURE_UNAVAILABLE', message);

async function visibleTab(tabId: number): Promise<chrome.tabs.Tab | null> {
  try {
    const tab = await chrome.tabs.get(tabId);
    return tab.active ? tab : null;
  } catch {
    return null;
  }
}

function explain(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  if (/activeTab|all_urls|permission/i.test(text))
    return 'The browser lets Side Agent take a screenshot of this page only after you click the Side Agent toolbar button on this tab (or give it access to all sites).';
  return `The browser could not capture the tab: ${text.slice(0, 300)}`;
}

export async function captureVisibleTab(tabId: number): Promise<Result<VisibleTabCapture>> {
  const before = await visibleTab(tabId);
  if (!before)
    return unavailable(
      "This run's tab is not the visible tab of its window; bring it to the front and ask again.",
    );
  let dataUrl: string;
  try {
    dataUrl = await chrome.tabs.captureVisibleTab(before.windowId, { format: 'png' });
  } catch (error) {
    if (!/MAX_CAPTURE_VISIBLE_TAB_CALLS_PER_SECOND/.test(String(error)))
      return unavailable(explain(error));
    await delay(RATE_LIMIT_RETRY_MS);
    try {
      dataUrl = await chrome.tabs.captureVisibleTab(before.windowId, { format: 'png' });
    } catch (again) {
      return unavailable(explain(again));
    }
  }
  const after = await visibleTab(tabId);
  if (!after || after.windowId !== before.windowId || after.url !== before.url)
    return unavailable('The tab changed while the screenshot was taken; ask again.');
  return ok({ dataUrl, url: after.url ?? '' });
}
