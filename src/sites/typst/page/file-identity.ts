// ## Owns
// The open file's identity as typst.app shows it, tried in this order:
// the semantic header breadcrumb, a path declared on a header element, the tab title,
// then the selected Files-tree row. Reads only those few nodes, never the whole DOM
// and never the document text.
// ## Why
// A semantic breadcrumb names its crumbs by structure, so a file without an extension
// (LICENSE, Makefile) is still identified there; the looser fallbacks require an
// extension so a random header word is never taken for a file.
import {
  BREADCRUMB_CONTAINERS,
  BREADCRUMB_SEPARATORS,
  DECLARED_PATH_ATTRIBUTES,
  FILE_EXTENSION_PATTERN,
  SELECTED_TREE_ROW,
  TITLE_PATTERN,
} from './selectors';
import { findFilesRegion } from './files-tree';

const MAX_SEGMENTS = 16;
const MAX_LABEL = 240;
const MAX_PROJECT = 160;

export interface FileIdentity {
  readonly projectLabel: string | null;
  readonly path: string;
  readonly source: 'header_breadcrumb' | 'document_title' | 'selected_tree_row' | 'declared_path';
}

function leafTexts(container: Element): string[] {
  const texts: string[] = [];
  const walker = container.ownerDocument.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  for (
    let node = walker.nextNode();
    node && texts.length < MAX_SEGMENTS * 2;
    node = walker.nextNode()
  ) {
    // Status dots and screen-reader-only text are not crumbs.
    if (node.parentElement?.closest('[role="status"]')) continue;
    for (const part of (node.textContent ?? '').split(BREADCRUMB_SEPARATORS)) {
      const text = part.trim();
      if (text) texts.push(text);
    }
  }
  return texts.slice(0, MAX_SEGMENTS);
}

/** A path as the model and the guards compare it: no leading `./` or `/`, single slashes. */
export function normalizeProjectPath(path: string): string {
  return path
    .replace(/\\/g, '/')
    .replace(/\/{2,}/g, '/')
    .replace(/^(?:\.\/|\/)+/, '')
    .trim()
    .slice(0, MAX_LABEL);
}

const identity = (
  projectLabel: string | null,
  path: string,
  source: FileIdentity['source'],
): FileIdentity | null => {
  const normalized = normalizeProjectPath(path);
  return normalized
    ? { projectLabel: projectLabel?.slice(0, MAX_PROJECT) ?? null, path: normalized, source }
    : null;
};

function fromBreadcrumb(root: Document): FileIdentity | null {
  for (const selector of BREADCRUMB_CONTAINERS) {
    const container = root.querySelector(selector);
    if (!container) continue;
    let segments = leafTexts(container);
    // Crumbs after the file (a trailing menu label) are dropped when a later crumb has
    // no extension but an earlier one does; an all-extensionless path stays whole.
    let lastWithExtension = -1;
    segments.forEach((segment, index) => {
      if (FILE_EXTENSION_PATTERN.test(segment)) lastWithExtension = index;
    });
    if (lastWithExtension >= 2 || (segments.length <= 2 && lastWithExtension >= 0))
      segments = segments.slice(0, lastWithExtension + 1);
    if (segments.length >= 3)
      return identity(segments[1] ?? null, segments.slice(2).join('/'), 'header_breadcrumb');
    if (segments.length === 2)
      return identity(segments[0] ?? null, segments[1] ?? '', 'header_breadcrumb');
    if (segments.length === 1 && FILE_EXTENSION_PATTERN.test(segments[0] ?? ''))
      return identity(null, segments[0] ?? '', 'header_breadcrumb');
  }
  return null;
}

function declaredPath(element: Element): string | null {
  for (const attribute of DECLARED_PATH_ATTRIBUTES) {
    const value = element.getAttribute(attribute);
    if (value && FILE_EXTENSION_PATTERN.test(value)) return value;
  }
  return null;
}

function fromDeclaredHeaderPath(root: Document): FileIdentity | null {
  const selector = DECLARED_PATH_ATTRIBUTES.map(
    (attribute) => `header [${attribute}], [role="banner"] [${attribute}]`,
  ).join(', ');
  for (const element of Array.from(root.querySelectorAll(selector)).slice(0, 12)) {
    const path = declaredPath(element);
    if (path) return identity(null, path, 'declared_path');
  }
  return null;
}

/** The folder names above a tree row, read from the label buttons of its ancestor rows. */
function treePathOf(row: Element): string {
  const parts: string[] = [row.textContent?.trim() ?? ''];
  for (
    let item = row
      .closest('li, [role="treeitem"]')
      ?.parentElement?.closest('li, [role="treeitem"]');
    item;
  ) {
    const label = item.querySelector(':scope > button, :scope > [role="button"]');
    parts.unshift(label?.textContent?.trim() ?? '');
    item = item.parentElement?.closest('li, [role="treeitem"]') ?? null;
  }
  return parts.filter(Boolean).join('/');
}

function fromSelectedTreeRow(root: Document): FileIdentity | null {
  const region = findFilesRegion(root);
  const row = region?.querySelector(SELECTED_TREE_ROW);
  if (!row) return null;
  const declared = declaredPath(row);
  if (declared) return identity(null, declared, 'selected_tree_row');
  const path = treePathOf(row);
  return FILE_EXTENSION_PATTERN.test(path) ? identity(null, path, 'selected_tree_row') : null;
}

function fromTitle(root: Document): FileIdentity | null {
  const title = TITLE_PATTERN.exec(root.title);
  if (!title?.[2] || !FILE_EXTENSION_PATTERN.test(title[2])) return null;
  // The title names the file only; the selected tree row upgrades it to a full path.
  const tree = fromSelectedTreeRow(root);
  if (tree && (tree.path === title[2] || tree.path.endsWith(`/${title[2]}`)))
    return { ...tree, projectLabel: title[1] ?? null };
  return identity(title[1] ?? null, title[2], 'document_title');
}

/** Reads the open file's identity; null when no rule recognises one. */
export function readFileIdentity(root: Document = document): FileIdentity | null {
  return (
    fromBreadcrumb(root) ??
    fromDeclaredHeaderPath(root) ??
    fromTitle(root) ??
    fromSelectedTreeRow(root)
  );
}
