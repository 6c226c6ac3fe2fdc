// ## Owns
// Reading the Files sidebar into bounded entries with an honest
// `complete` flag: any collapsed folder, unclassified row or cut-off part of the tree
// makes the result incomplete, so the model never mistakes a partial tree for the
// whole project.
import {
  FILE_EXTENSION_PATTERN,
  FILES_HEADING_TEXT,
  FILES_REGION,
  REGION_HEADING,
} from './selectors';

export const MAX_TREE_ENTRIES = 128;
export const MAX_TREE_DEPTH = 12;
const MAX_PATH = 240;
const MAX_SEGMENT = 160;
const MAX_UNKNOWN = 32;

export interface TreeEntry {
  readonly path: string;
  readonly kind: 'file' | 'folder' | 'unknown';
  readonly state: 'expanded' | 'collapsed' | 'leaf';
}

export interface FilesTree {
  readonly found: boolean;
  readonly entries: TreeEntry[];
  readonly truncated: boolean;
  readonly complete: boolean;
  readonly collapsedFolders: string[];
  readonly unknownEntries: string[];
}

function isHidden(element: Element): boolean {
  for (
    let node: Element | null = element, hops = 0;
    node && hops <= 12;
    node = node.parentElement, hops += 1
  ) {
    if (node.hasAttribute('hidden') || node.getAttribute('aria-hidden') === 'true') return true;
  }
  return false;
}

/** The visible Files region, or null (hidden panels count as absent). */
export function findFilesRegion(root: ParentNode = document): Element | null {
  for (const region of Array.from(root.querySelectorAll(FILES_REGION))) {
    const heading = region.querySelector(REGION_HEADING);
    if (heading?.textContent?.trim() === FILES_HEADING_TEXT && !isHidden(region)) return region;
  }
  return null;
}

/**
 * The closed-folder glyph: exactly one `<path>`, no other shapes, one move-to, at least
 * one C, H and V command, ending in Z. Open folders draw two paths; files no curves.
 */
export function isClosedFolderIcon(svg: Element | null): boolean {
  if (!svg || svg.querySelector('rect, circle, ellipse, line, polyline, polygon')) return false;
  const paths = svg.querySelectorAll('path');
  if (paths.length !== 1) return false;
  const d = paths[0]?.getAttribute('d')?.trim() ?? '';
  const count = (command: string) => (d.match(new RegExp(command, 'g')) ?? []).length;
  return (
    count('[Mm]') === 1 &&
    count('[Cc]') >= 1 &&
    count('[Hh]') >= 1 &&
    count('[Vv]') >= 1 &&
    /[Zz]$/.test(d)
  );
}

const directChild = (element: Element, selector: string) =>
  Array.from(element.children).find((child) => child.matches(selector)) ?? null;

function treeRootOf(region: Element): Element | null {
  if (region.matches('ul, [role="tree"]')) return region;
  for (const candidate of Array.from(region.querySelectorAll('ul, [role="tree"]'))) {
    if (directChild(candidate, 'li, [role="treeitem"]')) return candidate;
  }
  return null;
}

interface Walk {
  readonly entries: TreeEntry[];
  readonly collapsedFolders: string[];
  readonly unknownEntries: string[];
  truncated: boolean;
}

function walk(list: Element, prefix: string, depth: number, state: Walk): void {
  for (const row of Array.from(list.children)) {
    if (!row.matches('li, [role="treeitem"]')) continue;
    if (state.entries.length >= MAX_TREE_ENTRIES || depth > MAX_TREE_DEPTH) {
      state.truncated = true;
      return;
    }
    const label =
      row.matches('[role="treeitem"]') && !directChild(row, 'button')
        ? row
        : directChild(row, 'button, [role="button"]');
    const name = (label?.textContent ?? '').trim().replace(/\s+/g, ' ');
    if (!name) continue;
    if (name.length > MAX_SEGMENT || prefix.length + name.length > MAX_PATH) {
      state.truncated = true;
      continue;
    }
    const path = prefix + name;
    const children = directChild(row, 'ul, [role="group"], [role="tree"]');
    if (children) {
      state.entries.push({ path, kind: 'folder', state: 'expanded' });
      walk(children, `${path}/`, depth + 1, state);
    } else if (
      isClosedFolderIcon(label?.querySelector('svg') ?? null) ||
      row.getAttribute('aria-expanded') === 'false' ||
      label?.getAttribute('aria-expanded') === 'false'
    ) {
      state.entries.push({ path, kind: 'folder', state: 'collapsed' });
      state.collapsedFolders.push(path);
    } else if (FILE_EXTENSION_PATTERN.test(name)) {
      state.entries.push({ path, kind: 'file', state: 'leaf' });
    } else {
      // An extensionless row could be a file (LICENSE) or an unrecognised folder.
      state.entries.push({ path, kind: 'unknown', state: 'leaf' });
      if (state.unknownEntries.length < MAX_UNKNOWN) state.unknownEntries.push(path);
    }
  }
}

/** Parses the visible Files tree; `found: false` when the panel is closed. */
export function readFilesTree(root: ParentNode = document): FilesTree {
  const region = findFilesRegion(root);
  const list = region ? treeRootOf(region) : null;
  if (!region || !list)
    return {
      found: false,
      entries: [],
      truncated: false,
      complete: false,
      collapsedFolders: [],
      unknownEntries: [],
    };
  const state: Walk = { entries: [], collapsedFolders: [], unknownEntries: [], truncated: false };
  walk(list, '', 1, state);
  const complete =
    !state.truncated && state.collapsedFolders.length === 0 && state.unknownEntries.length === 0;
  return { found: true, ...state, complete };
}
