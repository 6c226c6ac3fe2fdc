// ## Owns
// A detached copy of what the person can see of a document, for the page readers that
// work on clones (Readability, Turndown): only visible elements and text, shadow roots
// and same-origin frames composed in, a short list of attributes per element, absolute
// link and image addresses, and at most a budget of text. The live page is only read:
// nothing is marked on it, so page scripts and their observers see no change.
// ## Never
// Copies scripts, styles, templates, noscript, form controls, event handlers, inline
// styles, titles (tooltips are hidden text) or data: URLs; or lets the copy load
// anything (a document without a browsing context fetches no images and runs nothing).
import { countHidden, emptyStats, walkFlat, type ShadowOpener, type WalkStats } from './flat-tree';

/** Tags whose content never belongs in a reading copy. */
const SKIPPED = new Set([
  'INPUT',
  'TEXTAREA',
  'SELECT',
  'OPTION',
  'DATALIST',
  'CANVAS',
  'VIDEO',
  'AUDIO',
  'OBJECT',
  'EMBED',
  'SOURCE',
  'TRACK',
  'MAP',
  'AREA',
  'DIALOG',
  'svg',
  'math',
]);
const MAX_NAME_CHARS = 200;
const MAX_ALT_CHARS = 1_000;
const MAX_SPAN = 100;
const LINK_SCHEMES = /^(https?:|mailto:|tel:)/i;
/**
 * Elements nested deeper than this are copied flat into the deepest copied one: the
 * Markdown converter recurses per level, and real structure never nests this deep.
 */
export const MAX_COPY_DEPTH = 256;

export interface VisibleClone {
  /** A detached HTML document holding the visible body of the page. */
  readonly document: Document;
  readonly stats: WalkStats;
  /** Characters of text copied. */
  readonly textChars: number;
  /** The text budget ran out: the copy holds only the first part of the page. */
  readonly textCut: boolean;
}

export interface CloneOptions {
  readonly open: ShadowOpener;
  readonly deadline: number;
  readonly maxNodes: number;
  readonly maxTextChars: number;
}

/** The few attributes a reader needs, bounded, with addresses made absolute. */
function copyAttributes(source: Element, target: Element): void {
  for (const name of ['id', 'class', 'lang', 'dir', 'role']) {
    const value = source.getAttribute(name);
    if (value) target.setAttribute(name, value.slice(0, MAX_NAME_CHARS));
  }
  switch (source.tagName) {
    case 'A': {
      const href = (source as HTMLAnchorElement).href;
      if (LINK_SCHEMES.test(href)) target.setAttribute('href', href);
      break;
    }
    case 'IMG': {
      const image = source as HTMLImageElement;
      const src = image.currentSrc || image.src;
      if (/^https?:/i.test(src)) target.setAttribute('src', src);
      const alt = image.getAttribute('alt');
      if (alt !== null) target.setAttribute('alt', alt.slice(0, MAX_ALT_CHARS));
      break;
    }
    case 'TD':
    case 'TH':
      for (const name of ['colspan', 'rowspan']) {
        const span = parseInt(source.getAttribute(name) ?? '', 10);
        if (span > 1) target.setAttribute(name, String(Math.min(span, MAX_SPAN)));
      }
      break;
    case 'OL': {
      const start = source.getAttribute('start');
      if (start && /^-?\d{1,9}$/.test(start)) target.setAttribute('start', start);
      break;
    }
    case 'TIME': {
      const datetime = source.getAttribute('datetime');
      if (datetime) target.setAttribute('datetime', datetime.slice(0, 64));
      break;
    }
  }
}

/** The tag the copy uses: custom elements and frame bodies become plain blocks. */
function cloneTag(element: Element, isFrameBody: boolean): string {
  if (isFrameBody) return 'section';
  if (element.tagName.includes('-')) return 'div';
  return element.tagName;
}

/** Copies what the person sees of `source` (its body, shadow roots, same-origin frames). */
export function cloneVisible(source: Document, options: CloneOptions): VisibleClone {
  const copy = source.implementation.createHTMLDocument(source.title.slice(0, 512));
  const base = copy.createElement('base');
  base.href = source.baseURI;
  copy.head.append(base);
  const lang = source.documentElement.getAttribute('lang');
  if (lang) copy.documentElement.setAttribute('lang', lang.slice(0, 35));
  const dir = source.documentElement.getAttribute('dir');
  if (dir) copy.documentElement.setAttribute('dir', dir.slice(0, 8));
  const stats = emptyStats();
  const body = source.body;
  if (!body) return { document: copy, stats, textChars: 0, textCut: false };
  const parents: Node[] = [copy.body];
  // Per walked element: whether it added a copy to `parents` (deep ones do not).
  const copied: boolean[] = [];
  let textChars = 0;
  let textCut = false;
  walkFlat(
    body,
    walkOptions(options),
    {
      element(element) {
        if (element === body) return copied.push(false) > 0;
        if (SKIPPED.has(element.tagName) || textCut) return false;
        if (parents.length > MAX_COPY_DEPTH) return copied.push(false) > 0;
        const isFrameBody = element.tagName === 'BODY';
        const clone = copy.createElement(cloneTag(element, isFrameBody));
        copyAttributes(element, clone);
        (parents[parents.length - 1] as Node).appendChild(clone);
        parents.push(clone);
        return copied.push(true) > 0;
      },
      leave() {
        if (copied.pop() === true) parents.pop();
      },
      text(text, visibility) {
        const data = text.data;
        if (!visibility.textShown) {
          if (data.trim() !== '') countHidden(stats, 'hidden-text', data.length);
          return;
        }
        if (textCut) return;
        const room = options.maxTextChars - textChars;
        const kept = data.length > room ? data.slice(0, Math.max(0, room)) : data;
        if (kept.length < data.length) textCut = true;
        textChars += kept.length;
        (parents[parents.length - 1] as Node).appendChild(copy.createTextNode(kept));
      },
    },
    stats,
  );
  return { document: copy, stats, textChars, textCut };
}

function walkOptions(options: CloneOptions) {
  return {
    open: options.open,
    frames: true,
    includeHidden: false,
    deadline: options.deadline,
    maxNodes: options.maxNodes,
  };
}
