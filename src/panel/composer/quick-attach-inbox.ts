// ## Owns
// The panel's acceptance of quick-attach clicks: a click on a
// floating button on a site arrives as `panel/quick-attach` {tabId, windowId,
// kind, eventId}. The panel acts only if it serves exactly that tab in that window,
// only once per eventId, and then adds through the same "+ Add" path (same reads,
// bounds, validation and thumbnails).
// ## Why a holding list
// A panel opened by the click receives the event (from the worker's queue) before
// it knows which tab it serves; events wait here until the panel is ready.
import type { QuickActionRef } from '../../shared/protocol/quick-actions';
import type { AddKind } from './attachments-controller';

export const REMEMBERED_EVENT_IDS = 128;
/** The worker's queue holds at most this many; the panel holds no more before it is ready. */
const MAX_HELD = 32;

export interface QuickAttachEvent {
  readonly tabId: number;
  readonly windowId: number;
  readonly kind: 'selection' | 'image';
  readonly eventId: string;
  /** A quick action chosen on the selection toolbar (absent: "Add to agent"). */
  readonly action?: QuickActionRef | undefined;
}

export interface ServedTab {
  readonly tabId: number;
  readonly windowId: number;
}

export interface QuickAttachInboxDeps {
  /** The tab and window this panel serves, or null when it serves no tab. */
  readonly served: () => ServedTab | null;
  /** The "+ Add" path. */
  readonly add: (kind: AddKind, tabId: number) => Promise<void>;
  /** Sends a quick action's message about the selection of `tabId`. */
  readonly act: (action: QuickActionRef, tabId: number) => Promise<void>;
}

export type QuickAttachOutcome = 'added' | 'acted' | 'held' | 'other-tab' | 'duplicate';

export class QuickAttachInbox {
  private readonly seen: string[] = [];
  private held: QuickAttachEvent[] = [];
  private isReady = false;
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly deps: QuickAttachInboxDeps) {}

  /** A validated `panel/quick-attach` event from the worker. */
  receive(event: QuickAttachEvent): QuickAttachOutcome {
    if (this.seen.includes(event.eventId)) return 'duplicate';
    if (!this.isReady) {
      if (this.held.length >= MAX_HELD) this.held.shift();
      if (!this.held.some((held) => held.eventId === event.eventId)) this.held.push(event);
      return 'held';
    }
    const served = this.deps.served();
    // Another window's or another tab's click is not for this panel, even if the
    // page in it is the same project.
    if (!served || served.tabId !== event.tabId || served.windowId !== event.windowId)
      return 'other-tab';
    this.remember(event.eventId);
    const { action } = event;
    if (action !== undefined && event.kind === 'selection') {
      this.tail = this.tail.then(() => this.deps.act(action, event.tabId)).catch(() => undefined);
      return 'acted';
    }
    const kind: AddKind = event.kind === 'image' ? 'opened-image' : 'selection';
    // One add at a time: the attachments controller ignores an add while busy.
    this.tail = this.tail.then(() => this.deps.add(kind, event.tabId)).catch(() => undefined);
    return 'added';
  }

  /** The panel knows which tab it serves: handle what waited. */
  ready(): void {
    this.isReady = true;
    for (const event of this.held.splice(0)) this.receive(event);
  }

  /** Resolves when every accepted add has finished (tests). */
  settled(): Promise<void> {
    return this.tail;
  }

  private remember(eventId: string): void {
    this.seen.push(eventId);
    if (this.seen.length > REMEMBERED_EVENT_IDS)
      this.seen.splice(0, this.seen.length - REMEMBERED_EVENT_IDS);
  }
}
