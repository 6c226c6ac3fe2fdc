// ## Owns
// `web/read-page` in one frame: the visible copy of the document, its Markdown, and
// pages of it by character offset. The Markdown of the last read is kept while the
// document stays unchanged, so reading on (offset > 0) does not redo the work; the
// first mutation after a read drops it, and the next read says it was read again.
// ## Bounds
// The walk stops at a deadline and a node budget, the copy at a text budget, and the
// answer at the requested page size; each cut is reported, never silent.
import { shadowOpener, type ShadowOpener, type WalkStats } from './flat-tree';
import { pageMarkdown, type PageMarkdown } from './page-markdown';
import { cloneVisible } from './visible-clone';

/** Time the walk may take before it stops and reads what it has. */
export const READ_WALK_BUDGET_MS = 3_000;
export const READ_MAX_NODES = 200_000;
/** Text copied from the page at most (the rest is reported as cut). */
export const READ_MAX_TEXT_CHARS = 1_000_000;
/** How long an unchanged page's Markdown is reused. */
const CACHE_MS = 120_000;

export interface ReadPageAnswer {
  readonly page: PageMarkdown;
  readonly stats: WalkStats;
  readonly textCut: boolean;
  readonly slice: string;
  readonly offset: number;
  readonly nextOffset: number | null;
  readonly totalChars: number;
  /** A continuation found the page changed since the previous read and read it again. */
  readonly reread: boolean;
}

/** `text` from `offset`, at most `maxChars`, cut at a line end near the limit when one is close. */
export function sliceText(
  text: string,
  offset: number,
  maxChars: number,
): { slice: string; start: number; nextOffset: number | null } {
  const start = Math.min(Math.max(0, offset), text.length);
  let end = Math.min(text.length, start + maxChars);
  if (end < text.length) {
    const lineEnd = text.lastIndexOf('\n', end);
    if (lineEnd > start + maxChars * 0.8) end = lineEnd + 1;
    const code = text.charCodeAt(end - 1);
    if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  }
  return { slice: text.slice(start, end), start, nextOffset: end < text.length ? end : null };
}

interface CachedRead {
  readonly href: string;
  readonly at: number;
  readonly page: PageMarkdown;
  readonly stats: WalkStats;
  readonly textCut: boolean;
  changed: boolean;
  readonly watcher: MutationObserver;
}

export function createPageReader(signal: AbortSignal, open: ShadowOpener = shadowOpener()) {
  let cached: CachedRead | null = null;
  signal.addEventListener('abort', () => cached?.watcher.disconnect(), { once: true });

  function readNow(): CachedRead {
    cached?.watcher.disconnect();
    const copy = cloneVisible(document, {
      open,
      deadline: performance.now() + READ_WALK_BUDGET_MS,
      maxNodes: READ_MAX_NODES,
      maxTextChars: READ_MAX_TEXT_CHARS,
    });
    const page = pageMarkdown(copy.document);
    // One cheap observer per read: the first change marks the copy stale and stops it.
    const entry: CachedRead = {
      href: location.href,
      at: Date.now(),
      page,
      stats: copy.stats,
      textCut: copy.textCut,
      changed: false,
      watcher: new MutationObserver(() => {
        entry.changed = true;
        entry.watcher.disconnect();
      }),
    };
    entry.watcher.observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
    cached = entry;
    return entry;
  }

  return {
    read(offset: number, maxChars: number): ReadPageAnswer {
      const usable =
        offset > 0 &&
        cached !== null &&
        !cached.changed &&
        cached.href === location.href &&
        Date.now() - cached.at < CACHE_MS;
      const reread = offset > 0 && !usable;
      const entry = usable && cached ? cached : readNow();
      const { slice, start, nextOffset } = sliceText(entry.page.markdown, offset, maxChars);
      return {
        page: entry.page,
        stats: entry.stats,
        textCut: entry.textCut,
        slice,
        offset: start,
        nextOffset,
        totalChars: entry.page.markdown.length,
        reread,
      };
    },
  };
}
