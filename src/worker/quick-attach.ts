// ## Owns
// The worker half of quick attach: a click on a floating button on a
// site tab opens the side panel of that tab's window and tells the panels
// which tab and window it came from. A panel that is not open yet gets the event
// from a small queue when it connects.
// ## Why a queue
// `chrome.sidePanel.open` starts loading the panel; the panel's port connects some
// hundred milliseconds later, after the broadcast went out. The queue holds the
// event (≤32 entries, 30 s) until a panel of that window connects.
// ## Never
// Reads page data here or trusts the page's word on anything: the event names a kind
// and an id, the tab comes from the sender classification, the window from the
// browser. The panel reads the selection or image itself through `context/*`.
import type { QuickAttachKind } from '../shared/protocol/page-to-worker';
import type { QuickActionRef } from '../shared/protocol/quick-actions';

export const QUICK_ATTACH_QUEUE_MAX = 32;
export const QUICK_ATTACH_TTL_MS = 30_000;

/** One quick-attach click, as the panels receive it. */
export interface QuickAttachEntry {
  readonly tabId: number;
  readonly windowId: number;
  readonly kind: QuickAttachKind;
  readonly eventId: string;
  /** The quick action a toolbar click chose; absent for "Add to agent". */
  readonly action?: QuickActionRef;
}

interface Queued {
  readonly entry: QuickAttachEntry;
  readonly at: number;
}

/** A bounded queue of clicks waiting for a panel of their window. */
export class QuickAttachQueue {
  private items: Queued[] = [];

  constructor(
    private readonly now: () => number = Date.now,
    private readonly max = QUICK_ATTACH_QUEUE_MAX,
    private readonly ttlMs = QUICK_ATTACH_TTL_MS,
  ) {}

  push(entry: QuickAttachEntry): void {
    this.prune();
    // The same click delivered twice (a retried message) is queued once.
    if (this.items.some((item) => item.entry.eventId === entry.eventId)) return;
    this.items.push({ entry, at: this.now() });
    // Oldest first out: a burst of clicks keeps the latest ones.
    if (this.items.length > this.max) this.items.splice(0, this.items.length - this.max);
  }

  /** Removes and returns the live entries of `windowId`, oldest first. */
  drain(windowId: number): QuickAttachEntry[] {
    this.prune();
    const taken = this.items.filter((item) => item.entry.windowId === windowId);
    this.items = this.items.filter((item) => item.entry.windowId !== windowId);
    return taken.map((item) => item.entry);
  }

  /** The live entries without removing them (for a panel whose window is unknown). */
  peek(): QuickAttachEntry[] {
    this.prune();
    return this.items.map((item) => item.entry);
  }

  get size(): number {
    this.prune();
    return this.items.length;
  }

  private prune(): void {
    const oldest = this.now() - this.ttlMs;
    this.items = this.items.filter((item) => item.at >= oldest);
  }
}

/** The browser operations quick attach needs (platform/quick-attach-platform.ts in the worker). */
export interface QuickAttachPlatform {
  /** Opens the side panel for `tabId`; must be called synchronously in the message handler (user gesture). */
  openPanel(tabId: number): void;
  /** The window of `tabId`, or null when the tab is gone. */
  windowOf(tabId: number): Promise<number | null>;
  /** Sends the event to every open panel. */
  broadcast(entry: QuickAttachEntry): void;
  /** True when a panel whose window is known to be `windowId` is connected. */
  hasPanelIn(windowId: number): boolean;
}

export interface QuickAttachService {
  /** A validated `page/quick-attach` event from the content script of `tabId`. */
  clicked(
    tabId: number,
    kind: QuickAttachKind,
    eventId: string,
    action?: QuickActionRef,
  ): Promise<void>;
  /** A panel connected; `windowId` is null when the browser cannot tell its window. */
  panelConnected(windowId: number | null, send: (entry: QuickAttachEntry) => void): void;
  readonly queue: QuickAttachQueue;
}

export function createQuickAttach(
  platform: QuickAttachPlatform,
  queue = new QuickAttachQueue(),
): QuickAttachService {
  return {
    queue,
    async clicked(tabId, kind, eventId, action) {
      // First, before any await: the user gesture lasts only for this call.
      platform.openPanel(tabId);
      const windowId = await platform.windowOf(tabId);
      if (windowId === null) return;
      const entry: QuickAttachEntry = {
        tabId,
        windowId,
        kind,
        eventId,
        ...(action === undefined ? {} : { action }),
      };
      platform.broadcast(entry);
      // A panel already open in that window has it now; otherwise keep it for the
      // panel the click is opening.
      if (!platform.hasPanelIn(windowId)) queue.push(entry);
    },
    panelConnected(windowId, send) {
      // Unknown window (Firefox, older Chromium): hand over everything live and keep it;
      // the panel filters by tab and window and ignores event ids it has seen.
      const entries = windowId === null ? queue.peek() : queue.drain(windowId);
      for (const entry of entries) send(entry);
    },
  };
}
