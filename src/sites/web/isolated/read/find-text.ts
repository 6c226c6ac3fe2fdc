// ## Owns
// `web/find-text` in one frame: occurrences of a string in the text the person sees
// (shadow roots included; each frame answers for itself), found across element
// boundaries inside a block but never across blocks or hidden text, each with the ref
// of the element that holds it, a short snippet of visible text around it, and where
// it is relative to the viewport. Matches in hidden text are counted, and returned only
// when asked for, marked hidden.
// ## Why a regular expression
// The query is escaped and its white space matches any white space, so "Add  to cart"
// finds "Add to\ncart". Unless exact, case and accents fold away (shared/text), on a
// folded copy of the same length, so offsets still point into the page's own text.
import type { RefRegistry } from '../tree/refs';
import { foldText, foldedPattern, wantsTurkishFold } from '../../../../shared/text/fold-text';
import { shadowOpener, walkFlat, type ShadowOpener } from './flat-tree';

export type MatchPlace = 'in-view' | 'above' | 'below' | 'left' | 'right' | 'hidden';

export interface TextMatch {
  readonly ref: number;
  readonly tag: string;
  readonly snippet: string;
  readonly place: MatchPlace;
}

export interface FindAnswer {
  readonly matches: TextMatch[];
  /** Matches in visible text (or in all text when hidden text was asked for). */
  readonly total: number;
  /** Counting stopped at the cap; there are more. */
  readonly totalCapped: boolean;
  /** Matches in hidden text that were left out. */
  readonly hiddenExcluded: number;
  /** The walk stopped at its time or node budget: later parts of the page were not searched. */
  readonly partial: boolean;
}

export interface FindRequest {
  readonly query: string;
  readonly exact: boolean;
  readonly includeHidden: boolean;
  readonly maxResults: number;
}

export const MAX_COUNTED_MATCHES = 10_000;
const SNIPPET_SIDE = 60;
const WALK_BUDGET_MS = 2_500;
const BLOCKS = new Set([
  'ADDRESS',
  'ARTICLE',
  'ASIDE',
  'BLOCKQUOTE',
  'BR',
  'BUTTON',
  'DD',
  'DETAILS',
  'DIV',
  'DL',
  'DT',
  'FIELDSET',
  'FIGCAPTION',
  'FIGURE',
  'FOOTER',
  'FORM',
  'H1',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'HEADER',
  'HR',
  'LI',
  'MAIN',
  'NAV',
  'OL',
  'OPTION',
  'P',
  'PRE',
  'SECTION',
  'SUMMARY',
  'TABLE',
  'TD',
  'TH',
  'TR',
  'UL',
  'LEGEND',
  'LABEL',
  'IFRAME',
]);
/** Never part of a match: separates blocks and hidden text. */
const BREAK = '\u0000';
const ACTIONABLE =
  'a[href], button, label, summary, [role="button"], [role="link"], [role="tab"], [role="menuitem"], [role="option"], [role="checkbox"], [role="radio"]';

/** The pattern for `query`: literal text, any white space for white space. */
export function queryPattern(query: string, exact: boolean): RegExp {
  const words = query.trim().split(/\s+/).filter(Boolean);
  const escaped = words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(escaped.join('[^\\S\\u0000]+'), exact ? 'gu' : 'giu');
}

interface Segment {
  readonly node: Text;
  readonly start: number;
  readonly hidden: boolean;
}

function segmentAt(segments: readonly Segment[], index: number): Segment {
  let low = 0;
  let high = segments.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if ((segments[middle] as Segment).start <= index) low = middle;
    else high = middle - 1;
  }
  return segments[low] as Segment;
}

function holder(start: Text, end: Text): Element | null {
  const own: Element | null =
    start.parentElement ?? (start.getRootNode() as Partial<ShadowRoot>).host ?? null;
  let element = own;
  while (element && !element.contains(end)) element = element.parentElement;
  // A match across a shadow boundary has no common ancestor in one tree: name its start.
  const common = element ?? own;
  return common?.closest(ACTIONABLE) ?? common;
}

function placeOf(
  start: Text,
  end: Text,
  startOffset: number,
  endOffset: number,
  element: Element,
): MatchPlace {
  let rect: DOMRect | null = null;
  if (start.getRootNode() === end.getRootNode()) {
    const range = document.createRange();
    range.setStart(start, startOffset);
    range.setEnd(end, endOffset);
    rect = range.getBoundingClientRect();
  }
  if (!rect || (rect.width === 0 && rect.height === 0)) rect = element.getBoundingClientRect();
  if (rect.bottom <= 0) return 'above';
  if (rect.top >= innerHeight) return 'below';
  if (rect.right <= 0) return 'left';
  if (rect.left >= innerWidth) return 'right';
  return 'in-view';
}

function snippetOf(text: string, start: number, end: number): string {
  const from = Math.max(0, start - SNIPPET_SIDE);
  const to = Math.min(text.length, end + SNIPPET_SIDE);
  const around = text.slice(from, to);
  // Only the block holding the match: text past a break belongs elsewhere.
  const head = around.lastIndexOf(BREAK, start - from);
  const tail = around.indexOf(BREAK, end - from);
  const own = around
    .slice(head + 1, tail < 0 ? around.length : tail)
    .replace(/\s+/g, ' ')
    .trim();
  const cutHead = head < 0 && from > 0;
  const cutTail = tail < 0 && to < text.length;
  return `${cutHead ? '…' : ''}${own}${cutTail ? '…' : ''}`;
}

const countIn = (pattern: RegExp, text: string) => {
  pattern.lastIndex = 0;
  let count = 0;
  while (pattern.exec(text) && count < MAX_COUNTED_MATCHES) count += 1;
  return count;
};

export function findText(
  request: FindRequest,
  refs: RefRegistry,
  open: ShadowOpener = shadowOpener(),
): FindAnswer {
  // Exact: the page's own letters. Otherwise case and accents fold away (offsets kept).
  const fold = {
    turkish: wantsTurkishFold(document.documentElement.lang) || /[ıİ]/.test(request.query),
  };
  const pattern = request.exact
    ? queryPattern(request.query, true)
    : foldedPattern(request.query, fold);
  const haystack = (text: string) => (request.exact ? text : foldText(text, fold));
  const parts: string[] = [];
  const segments: Segment[] = [];
  let length = 0;
  let hiddenExcluded = 0;
  const push = (text: string, segment?: Omit<Segment, 'start'>) => {
    if (segment) segments.push({ ...segment, start: length });
    parts.push(text);
    length += text.length;
  };
  const stats = walkFlat(
    document.documentElement,
    {
      open,
      frames: false,
      includeHidden: request.includeHidden,
      deadline: performance.now() + WALK_BUDGET_MS,
      maxNodes: 500_000,
    },
    {
      element(element) {
        if (BLOCKS.has(element.tagName) || element.tagName.includes('-')) push(BREAK);
        return true;
      },
      leave(element) {
        if (BLOCKS.has(element.tagName) || element.tagName.includes('-')) push(BREAK);
      },
      text(node, visibility) {
        const hidden = !visibility.textShown;
        if (hidden && !request.includeHidden) {
          hiddenExcluded += countIn(pattern, haystack(node.data));
          push(BREAK);
          return;
        }
        push(node.data, { node, hidden });
      },
      hidden(element) {
        hiddenExcluded += countIn(pattern, haystack(element.textContent ?? ''));
        push(BREAK);
      },
    },
  );
  const text = parts.join('');
  const searched = haystack(text);
  const matches: TextMatch[] = [];
  let total = 0;
  let totalCapped = false;
  pattern.lastIndex = 0;
  for (let found = pattern.exec(searched); found; found = pattern.exec(searched)) {
    if (total >= MAX_COUNTED_MATCHES) {
      totalCapped = true;
      break;
    }
    total += 1;
    if (matches.length >= request.maxResults || segments.length === 0) continue;
    const start = segmentAt(segments, found.index);
    const endIndex = found.index + found[0].length;
    const end = segmentAt(segments, endIndex - 1);
    const element = holder(start.node, end.node);
    if (!element) continue;
    const hidden = start.hidden || end.hidden;
    matches.push({
      ref: refs.numberOf(element),
      tag: element.tagName.toLowerCase().slice(0, 40),
      snippet: snippetOf(text, found.index, endIndex),
      place: hidden
        ? 'hidden'
        : placeOf(start.node, end.node, found.index - start.start, endIndex - end.start, element),
    });
  }
  return { matches, total, totalCapped, hiddenExcluded, partial: stats.stopped !== null };
}
