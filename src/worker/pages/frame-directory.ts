// ## Owns
// Which documents each tab shows in its frames, as their relays announced them
// (page/ready carries the document id and frame-link token; the sender gives the
// frame id), and a short index per document that is never reused in the tab while
// the worker runs, so a ref such as `f3e12` names one document and nothing else.
// ## Why it can rediscover
// The worker may stop and start between runs and forget every announcement. When a
// tab has a token nobody announced, the directory asks the browser for each frame's
// relay (discover) instead of leaving that frame out.
// ## Never
// Trusts an announcement to say more than "this frame now shows this document": the
// frame id is the browser's, the rest is the relay's own bookkeeping.

/** One document shown in a frame of a tab. */
export interface FrameDocument {
  readonly frameId: number;
  readonly documentId: string;
  readonly linkToken: string | null;
  /** Short, never reused in this tab while the worker runs. */
  readonly index: number;
  readonly url: string;
}

/** What a relay says about its document, and where the browser says it runs. */
export interface FrameReport {
  readonly frameId: number;
  readonly documentId: string;
  readonly linkToken: string | null;
  readonly url: string;
}

export interface FrameDirectory {
  /** Records that `frameId` of `tabId` now shows this document. */
  record(tabId: number, report: FrameReport): FrameDocument;
  /** The documents the tab's frames show, top frame first. */
  frames(tabId: number): readonly FrameDocument[];
  /** Asks the browser for every frame's relay and records what they say. */
  refresh(tabId: number): Promise<readonly FrameDocument[]>;
  /** The document with this index in the tab, if it is still shown. */
  byIndex(tabId: number, index: number): FrameDocument | null;
  /** Forgets a tab (it closed). */
  forget(tabId: number): void;
}

/** Most tabs and frames remembered; the least recently announced go first. */
const MAX_TABS = 256;
const MAX_FRAMES_PER_TAB = 512;

interface TabFrames {
  next: number;
  readonly byFrame: Map<number, FrameDocument>;
  /** Index per document id, so a document announced twice keeps its index. */
  readonly indexOf: Map<string, number>;
}

export function createFrameDirectory(
  discover: (tabId: number) => Promise<readonly FrameReport[]>,
): FrameDirectory {
  const tabs = new Map<number, TabFrames>();
  const tabOf = (tabId: number): TabFrames => {
    let tab = tabs.get(tabId);
    if (tab) {
      tabs.delete(tabId);
      tabs.set(tabId, tab);
      return tab;
    }
    tab = { next: 1, byFrame: new Map(), indexOf: new Map() };
    tabs.set(tabId, tab);
    if (tabs.size > MAX_TABS) tabs.delete(tabs.keys().next().value as number);
    return tab;
  };

  const directory: FrameDirectory = {
    record(tabId, report) {
      const tab = tabOf(tabId);
      const known = tab.byFrame.get(report.frameId);
      if (known?.documentId === report.documentId && known.linkToken === report.linkToken)
        return known;
      // A new top document is a new page: the old page's frames went with it.
      if (report.frameId === 0 && known && known.documentId !== report.documentId) {
        for (const frameId of [...tab.byFrame.keys()])
          if (frameId !== 0) tab.byFrame.delete(frameId);
      }
      let index = tab.indexOf.get(report.documentId);
      if (index === undefined) {
        index = tab.next++;
        tab.indexOf.set(report.documentId, index);
        if (tab.indexOf.size > MAX_FRAMES_PER_TAB * 4)
          tab.indexOf.delete(tab.indexOf.keys().next().value as string);
      }
      const entry: FrameDocument = {
        frameId: report.frameId,
        documentId: report.documentId,
        linkToken: report.linkToken,
        index,
        url: report.url,
      };
      tab.byFrame.delete(report.frameId);
      tab.byFrame.set(report.frameId, entry);
      if (tab.byFrame.size > MAX_FRAMES_PER_TAB) {
        const oldest = [...tab.byFrame.keys()].find((frameId) => frameId !== 0);
        if (oldest !== undefined) tab.byFrame.delete(oldest);
      }
      return entry;
    },
    frames(tabId) {
      const tab = tabs.get(tabId);
      if (!tab) return [];
      return [...tab.byFrame.values()].sort((a, b) =>
        a.frameId === 0 ? -1 : b.frameId === 0 ? 1 : 0,
      );
    },
    async refresh(tabId) {
      const reports = await discover(tabId);
      const seen = new Set(reports.map((report) => report.frameId));
      const tab = tabOf(tabId);
      // Frames the browser no longer lists are gone.
      for (const frameId of [...tab.byFrame.keys()])
        if (!seen.has(frameId)) tab.byFrame.delete(frameId);
      // The top frame first: a new top document clears the old page's frames.
      const ordered = [...reports].sort(
        (a, b) => Number(b.frameId === 0) - Number(a.frameId === 0),
      );
      for (const report of ordered) directory.record(tabId, report);
      return directory.frames(tabId);
    },
    byIndex(tabId, index) {
      const tab = tabs.get(tabId);
      if (!tab) return null;
      for (const entry of tab.byFrame.values()) if (entry.index === index) return entry;
      return null;
    },
    forget(tabId) {
      tabs.delete(tabId);
    },
  };
  return directory;
}
