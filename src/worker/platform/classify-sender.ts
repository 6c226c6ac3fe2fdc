// ## Owns
// The one answer to "who sent this message?" in the worker. Nothing else in the
// worker reads `sender.*`.
// ## Why
// chrome.runtime.onMessage delivers messages from our extension pages and from our
// content scripts alike; the two are trusted differently. A content script runs on a
// page we do not control, so it is classified only for a frame that the site serving
// its tab accepts: the top frame when its URL is the site's, a subframe only when the
// site works across frames.
import type { SenderClass } from '../../shared/protocol/sender';
import { siteForUrl } from '../../sites/sites';

/** The subset of chrome.runtime.MessageSender the classifier reads. */
export interface SenderInfo {
  readonly id?: string | undefined;
  readonly url?: string | undefined;
  readonly origin?: string | undefined;
  readonly frameId?: number | undefined;
  readonly tab?:
    { readonly id?: number | undefined; readonly url?: string | undefined } | undefined;
}

export interface ClassifiedSender {
  readonly senderClass: SenderClass;
  readonly tabId?: number;
  readonly frameId?: number;
}

/** Subframe documents a frame-crossing site may host: http(s) pages and local frames. */
const FRAME_URL = /^(?:https?:|about:blank$|about:srcdoc$)/;

/**
 * Classifies a runtime message sender, or returns null for anything we do not
 * accept (another extension, a frame its tab's site does not cover, a page no site
 * serves).
 */
export function classifySender(
  sender: SenderInfo,
  extensionId: string,
  extensionOrigin: string,
): ClassifiedSender | null {
  if (sender.id !== extensionId) return null;
  const url = sender.url ?? '';
  const base = extensionOrigin.endsWith('/') ? extensionOrigin : `${extensionOrigin}/`;
  // Extension pages (the side panel, or the panel page opened in a tab) have our
  // own origin; a tab id may be present when the page is hosted in a tab.
  if (url.startsWith(base)) return { senderClass: 'extension-page' };
  const tabId = sender.tab?.id;
  const frameId = sender.frameId;
  if (tabId === undefined || frameId === undefined || frameId < 0) return null;
  const site = siteForUrl(sender.tab?.url ?? (frameId === 0 ? url : undefined));
  if (!site) return null;
  if (frameId === 0) {
    if (!site.urls.matches(url)) return null;
  } else if (site.frames !== 'all' || !FRAME_URL.test(url)) {
    return null;
  }
  return { senderClass: 'content-script', tabId, frameId };
}
