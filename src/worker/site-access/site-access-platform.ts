// What site access needs from the browser, as an interface: the real one is
// src/worker/platform/site-access-browser.ts, tests pass a fake. Everything in
// src/worker/site-access decides over these answers and calls nothing itself.
import type { BridgePlacement } from '../platform/main-world-registration';
import type { BrowserFamily } from './restricted-pages';

/** One frame of a tab the extension can reach, with its document's origin. */
export interface FrameInfo {
  /** 0 for the top frame. */
  readonly frameId: number;
  /**
   * `location.origin` of its document: about:blank and srcdoc frames carry their
   * creator's, opaque ones (data:, sandboxed) `null`.
   */
  readonly origin: string;
}

export interface SiteAccessPlatform {
  readonly browser: BrowserFamily;
  /** `chrome.permissions.getAll().origins`. */
  grantedOrigins(): Promise<readonly string[]>;
  /** Removes host permissions; never throws (an already removed one is fine). */
  removeOrigins(patterns: readonly string[]): Promise<void>;
  /** The tab's URL (pending URL while it loads), or null when the tab is gone. */
  tabUrl(tabId: number): Promise<string | null>;
  /** Every open tab with its URL. */
  openTabs(): Promise<readonly { readonly tabId: number; readonly url: string }[]>;
  /** The frames of the tab the browser lets the extension reach (empty when none). */
  frames(tabId: number): Promise<readonly FrameInfo[]>;
  /** Puts the bridge into frames of a tab (throws when the top frame fails). */
  inject(tabId: number, placement: BridgePlacement): Promise<void>;
  /** Makes the content-script registrations match these allowed host patterns. */
  register(allowedPatterns: readonly string[]): Promise<unknown>;
  /** Waits (for the injection retry after a toolbar click). */
  sleep(ms: number): Promise<void>;
}
