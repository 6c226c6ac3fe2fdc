// ## Owns
// Printing one walk as lines: `role "name" [e12] state`, one space of indentation per
// kept level, overlays first, text runs as `text "…"`, a row of plain cells as one
// line, a node whose only content is text as one line, and each child frame as its
// element's line plus a placeholder the worker fills with that frame's own lines.
// ## Line grammar (the worker relies on it)
// Every line is `<indent><role>[ "<name>"][ [<prefix>e<n>]][ <state>]` or a note
// starting with `# `. Names and text are whitespace-flattened (never a newline) and
// quoted with `"` and `\` escaped, so the first `[…e<n>]` after the name is the ref.
import { MAX_FRAME_PLACEHOLDERS } from '../../methods/tree-methods';
import { NAME_FROM_CONTENT, accessibleName } from './names';
import { quoted, stateOf, type StateContext } from './states';
import type { ElementTreeNode, TextTreeNode, TreeNode, WalkTree } from './tree-nodes';

/** Characters of a name on a line; text runs get more. */
export const NAME_CHARS = 150;
export const TEXT_CHARS = 200;
const MAX_INDENT = 40;
const INDENTS = Array.from({ length: MAX_INDENT + 1 }, (_unused, depth) => ' '.repeat(depth));
const CELL_ROLES = new Set(['cell', 'columnheader', 'rowheader', 'gridcell']);
const FOLDED_ROLES = new Set(['cell', 'gridcell', 'listitem']);

export interface Placeholder {
  line: number;
  depth: number;
  token: string | null;
  src: string;
}

export interface SerializeOptions extends StateContext {
  readonly maxChars: number;
  readonly maxLines: number;
  /** Put before each ref number (`f3:` for a subframe's lines, empty for the top frame). */
  readonly refPrefix: string;
  /** The frame-link token of the document a frame element shows, if known. */
  readonly tokenOf: (frame: Element) => string | null;
}

export interface SerializedFrame {
  readonly lines: string[];
  readonly refs: number[];
  readonly frames: Placeholder[];
  /** The frame element of each placeholder, in the same order. */
  readonly frameElements: Element[];
  framesOmitted: number;
  cut: boolean;
}

/** A cell or list item holding one element and no text prints as that element. */
function folded(node: ElementTreeNode): ElementTreeNode {
  let shown = node;
  for (;;) {
    const only = shown.children.length === 1 ? shown.children[0] : undefined;
    if (!FOLDED_ROLES.has(shown.role) || shown.interactive || only?.kind !== 'element')
      return shown;
    shown = only;
  }
}

function textOf(node: TextTreeNode): string {
  const flat = node.raw.replace(/\s+/g, ' ').trim();
  const extra = node.extra + Math.max(0, flat.length - TEXT_CHARS);
  return extra > 0 ? `${quoted(flat, TEXT_CHARS)} (+${extra} chars)` : quoted(flat, TEXT_CHARS);
}

function frameSource(element: Element): string {
  if (element.hasAttribute('srcdoc')) return 'about:srcdoc';
  const src = element.getAttribute('src');
  if (!src) return 'about:blank';
  try {
    return new URL(src, element.ownerDocument.baseURI).href.slice(0, 2_048);
  } catch {
    return src.slice(0, 2_048);
  }
}

/** A cell's text when it holds nothing but text (or nothing); null otherwise. */
function plainCellText(cell: TreeNode): string | null {
  if (cell.kind !== 'element' || !CELL_ROLES.has(cell.role) || cell.interactive) return null;
  if (cell.children.some((child) => child.kind === 'element')) return null;
  return accessibleName(cell.element, { maxChars: NAME_CHARS, role: cell.role });
}

export function serializeWalk(tree: WalkTree, options: SerializeOptions): SerializedFrame {
  const out: SerializedFrame = {
    lines: [],
    refs: [],
    frames: [],
    frameElements: [],
    framesOmitted: 0,
    cut: false,
  };
  let chars = 0;
  const push = (line: string, ref: number) => {
    if (out.lines.length >= options.maxLines || chars + line.length > options.maxChars) {
      out.cut = true;
      return false;
    }
    out.lines.push(line);
    out.refs.push(ref);
    chars += line.length + 1;
    return true;
  };
  const indent = (depth: number) => INDENTS[Math.min(depth, MAX_INDENT)] ?? '';

  function elementLine(
    node: ElementTreeNode,
    depth: number,
  ): { line: string; children: TreeNode[] } {
    const described = node.control ?? node.element;
    const name =
      node.role === 'row'
        ? ''
        : accessibleName(described, { maxChars: NAME_CHARS, role: node.role });
    const state = stateOf(described, node.role, options);
    let line = `${indent(depth)}${node.role}${name ? ` ${quoted(name, NAME_CHARS)}` : ''} [${options.refPrefix}e${node.ref}]`;
    if (state) line += ` ${state}`;
    if (node.placement !== 'in-view') line += ` offscreen:${node.placement}`;
    if (node.transparent) line += ' transparent';
    if (node.control) line += ' via-label';
    if (node.coveredBy) line += ` covered-by ${node.coveredBy}`;
    const named = name !== '' && NAME_FROM_CONTENT.has(node.role);
    const children = named
      ? node.children.filter((child) => child.kind === 'element')
      : node.children;
    if (node.role === 'row' && children.length > 0) {
      const cells = children.map(plainCellText);
      if (cells.every((cell) => cell !== null))
        return { line: `${line}: ${cells.join(' | ')}`, children: [] };
    }
    if (children.length > 0 && children.every((child) => child.kind === 'text')) {
      const text = children.map((child) => textOf(child as TextTreeNode)).join(' ');
      return { line: `${line}: ${text}`, children: [] };
    }
    return { line, children };
  }

  const stack: { node: TreeNode; depth: number }[] = [];
  const queue = (nodes: readonly TreeNode[], depth: number) => {
    for (let index = nodes.length - 1; index >= 0; index -= 1) {
      const node = nodes[index];
      if (node) stack.push({ node, depth });
    }
  };
  const drain = () => {
    while (stack.length > 0) {
      const { node, depth } = stack.pop()!;
      if (node.kind === 'text') {
        if (!push(`${indent(depth)}text ${textOf(node)}`, 0)) return false;
        continue;
      }
      const shown = folded(node);
      const { line, children } = elementLine(shown, depth);
      if (shown.isFrame) {
        if (out.frames.length < MAX_FRAME_PLACEHOLDERS) {
          if (!push(line, shown.ref)) return false;
          out.frames.push({
            line: out.lines.length - 1,
            depth,
            token: options.tokenOf(node.element),
            src: frameSource(node.element),
          });
          out.frameElements.push(node.element);
        } else {
          out.framesOmitted += 1;
          if (!push(`${line} (frame not read: too many frames on this page)`, node.ref))
            return false;
        }
        continue;
      }
      if (!push(line, node.ref)) return false;
      queue(children, depth + 1);
    }
    return true;
  };

  if (tree.overlays.length > 0) {
    push('# open dialogs, menus and popups, shown first:', 0);
    queue(tree.overlays, 0);
    if (!drain()) return out;
    push('# the page:', 0);
  }
  queue(tree.page.children, 0);
  drain();
  return out;
}
