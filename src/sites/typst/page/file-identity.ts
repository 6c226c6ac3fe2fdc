// The open file's label as typst.app shows it: from the header breadcrumb first
// (`account › project › folders… › file`), then from document.title. Reads only
// the few header nodes, never the whole DOM.
import { BREADCRUMB_CONTAINERS, BREADCRUMB_SEPARATORS, TITLE_PATTERN } from './selectors';

const MAX_SEGMENTS = 16;
const MAX_LABEL = 240;

function leafTexts(container: Element): string[] {
  const texts: string[] = [];
  const walker = container.ownerDocument.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node && texts.length < MAX_SEGMENTS * 2; node = walker.nextNode()) {
    // Status dots and screen-reader-only text are not crumbs.
    if (node.parentElement?.closest('[role="status"]')) continue;
    for (const part of (node.textContent ?? '').split(BREADCRUMB_SEPARATORS)) {
      const text = part.trim();
      if (text) texts.push(text);
    }
  }
  return texts.slice(0, MAX_SEGMENTS);
}

export interface FileIdentity {
  readonly projectLabel: string | null;
  readonly path: string;
  readonly source: 'header_breadcrumb' | 'document_title';
}

/** Reads the breadcrumb; segments after the project are the file path. */
export function readFileIdentity(root: Document = document): FileIdentity | null {
  for (const selector of BREADCRUMB_CONTAINERS) {
    const container = root.querySelector(selector);
    if (!container) continue;
    const segments = leafTexts(container);
    if (segments.length >= 3) {
      return { projectLabel: segments[1] ?? null, path: segments.slice(2).join('/').slice(0, MAX_LABEL), source: 'header_breadcrumb' };
    }
    if (segments.length === 2) return { projectLabel: segments[0] ?? null, path: (segments[1] ?? '').slice(0, MAX_LABEL), source: 'header_breadcrumb' };
  }
  const title = TITLE_PATTERN.exec(root.title);
  if (title?.[2]) return { projectLabel: title[1] ?? null, path: title[2].slice(0, MAX_LABEL), source: 'document_title' };
  return null;
}
