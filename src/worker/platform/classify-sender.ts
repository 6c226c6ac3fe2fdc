// ## Owns
// The one answer to "who sent this message?" in the worker (house style rule 5).
// Nothing else in the worker reads `sender.*`.
// ## Why
// chrome.runtime.onMessage delivers messages from our extension pages and from our
// content scripts alike; the two are trusted differently. A content script runs on
// a page we do not control, so it is classified only when it is the top frame of a
// supported site tab.
import type { SenderClass } from '../../shared/protocol/sender';
import { isTypstUrl } from '../../sites/typst/typst-site';

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
}

/**
 * Classifies a runtime message sender, or returns null for anything we do not
 * accept (another extension, a subframe, an unsupported site).
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
  if (sender.frameId !== 0 || sender.tab?.id === undefined) return null;
  if (!isTypstUrl(url) || !isTypstUrl(sender.tab.url ?? url)) return null;
  return { senderClass: 'content-script', tabId: sender.tab.id };
}
