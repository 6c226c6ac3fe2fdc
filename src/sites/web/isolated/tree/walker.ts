// ## Owns
// One walk of one frame's flat tree into kept nodes: hidden subtrees left out and
// counted, wrappers collapsed (they add no depth), text gathered into runs, open
// popups hoisted as overlays, child frames as placeholders, and, for the `visible`
// filter, subtrees outside the view not entered at all (their elements are counted
// by direction). It is iterative, so a shadow root 200 levels deep or a page of
// 50,000 elements costs stack space of its own, not the browser's.
// ## Never
// Runs page code or changes the page: it reads the DOM, styles and boxes only.
import type { TreeFilter } from '../../methods/tree-methods';
import { shadowRootOf } from './flat-tree';
import { BLOCK_TAGS, LEAF_TAGS, OVERLAY_SELECTOR, isOverlay, keepsElement } from './keep-rules';
import type { RefRegistry } from './refs';
import { SKIPPED_TAGS, isInteractive, roleOf } from './roles';
import type { ElementTreeNode, TreeContainer, WalkCounts, WalkTree } from './tree-nodes';
import { addText, closeText } from './text-runs';
import { narrowedView, placement, viewportBox, type Placement, type ViewBox } from './view-box';
import {
  VISIBLE_ROOT,
  closedDetailsChildren,
  isShownToPerson,
  visibilityAbove,
  visibilityOf,
  type Visibility,
} from './visibility';

export interface WalkOptions {
  readonly filter: TreeFilter;
  /** Walk only this element's subtree; it is always kept, view or not. */
  readonly root: Element | null;
  readonly refs: RefRegistry;
  /** Stop after this many kept nodes (the cut is reported). */
  readonly maxNodes: number;
  /** performance.now() after which the walk stops (the cut is reported). */
  readonly deadline: number;
}

/** Pixels around the view a `visible` walk still enters. */
const VIEW_MARGIN = 48;
/** Most in-view controls checked for what covers them. */
const MAX_OCCLUSION_CHECKS = 300;
const TIME_CHECK_EVERY = 256;
const NON_BLANK = /\S/;
/** Roles named by their content: inside them only controls (and frames) get lines. */
const NAMED_BY_CONTENT = new Set([
  'button',
  'checkbox',
  'heading',
  'link',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'radio',
  'switch',
  'tab',
  'treeitem',
]);

/** Whether the browser renders the element (display and visibility; opacity aside). */
function isRendered(element: Element): boolean {
  const checkable = element as Element & { checkVisibility?: (options?: object) => boolean };
  if (typeof checkable.checkVisibility !== 'function') return true;
  return checkable.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true });
}

/**
 * What the children of one element inherit. One object serves all of an element's
 * children (the stack holds the node and this context side by side), so a page of
 * 50,000 elements allocates a context per parent, not per child.
 */
interface WalkContext {
  readonly parent: TreeContainer;
  /** What the person sees of the parent element (its text, and what its children inherit). */
  readonly visibility: Visibility;
  /** Inside a control or heading whose name already says its text: keep only controls. */
  readonly controlsOnly: boolean;
  readonly view: ViewBox;
  readonly inOverlay: boolean;
  readonly forceKeep: boolean;
  /** Set on the marker queued after a block's children: its text run ends there. */
  readonly exit: boolean;
}

function subtreeSize(element: Element): number {
  return 1 + element.getElementsByTagName('*').length;
}

/**
 * Where an element's flat-tree children come from: its shadow root (open or closed),
 * what a slot shows, or itself. A closed <details> shows its summary only (the rest
 * is counted as hidden; the browser hides it without a style to read).
 */
function childSource(element: Element, counts: WalkCounts): ParentNode | readonly Node[] {
  const details = closedDetailsChildren(element);
  if (details) {
    const summary = details[0];
    counts.hidden += subtreeSize(element) - 1 - (summary ? subtreeSize(summary) : 0);
    return details;
  }
  if (element.localName === 'slot') {
    const assigned = (element as HTMLSlotElement).assignedNodes({ flatten: true });
    return assigned.length > 0 ? assigned : element;
  }
  return shadowRootOf(element) ?? element;
}

export function walkFrame(doc: Document, options: WalkOptions): WalkTree {
  const { filter, refs } = options;
  const counts: WalkCounts = {
    visited: 0,
    hidden: 0,
    above: 0,
    below: 0,
    left: 0,
    right: 0,
    kept: 0,
  };
  const overlays: ElementTreeNode[] = [];
  const page: TreeContainer = { children: [] };
  const inView: ElementTreeNode[] = [];
  const hoisted = new Set<Element>();
  const view = viewportBox(doc);
  // A subtree walk shows the whole subtree; only a page walk stays in view.
  const viewOnly = filter === 'visible' && options.root === null;
  // Two stacks side by side: the node to visit and the context it inherits.
  const nodes: Node[] = [];
  const contexts: WalkContext[] = [];
  let cut: WalkTree['cut'] = null;
  let lastHolder: Visibility | null = null;

  const start = options.root ?? doc.body ?? doc.documentElement;
  nodes.push(start);
  contexts.push({
    parent: page,
    // A subtree walk inherits what its root's ancestors hide (an opacity, a visibility).
    visibility: options.root ? visibilityAbove(options.root) : VISIBLE_ROOT,
    controlsOnly: false,
    view,
    inOverlay: false,
    forceKeep: options.root !== null,
    exit: false,
  });
  if (options.root === null) {
    // Open popups in the document's own tree are walked first, wherever they sit.
    const candidates = Array.from(doc.querySelectorAll(OVERLAY_SELECTOR)).filter(
      (element) => isOverlay(element, roleOf(element)) && isShownToPerson(element),
    );
    for (const element of candidates.reverse()) {
      if (candidates.some((other) => other !== element && other.contains(element))) continue;
      if (viewOnly && placement(element.getBoundingClientRect(), view, VIEW_MARGIN) !== 'in-view')
        continue;
      hoisted.add(element);
      nodes.push(element);
      contexts.push({
        parent: { children: overlays },
        visibility: visibilityAbove(element),
        controlsOnly: false,
        view,
        inOverlay: true,
        forceKeep: true,
        exit: false,
      });
    }
  }

  const countAway = (where: Placement, size: number) => {
    if (where !== 'in-view') counts[where] += size;
  };

  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const task = contexts.pop()!;
    const parent = task.parent;
    if (task.exit) {
      closeText(parent);
      continue;
    }
    if (node.nodeType === 3) {
      if (filter !== 'interactive' && !task.controlsOnly)
        if (textReadable(node as Text, task.visibility)) addText(parent, (node as Text).data);
      continue;
    }
    if (node.nodeType !== 1) continue;
    const element = node as Element;
    const tag = element.localName;
    counts.visited += 1;
    if (counts.visited % TIME_CHECK_EVERY === 0 && performance.now() > options.deadline) {
      cut = 'time';
      break;
    }
    if (SKIPPED_TAGS.has(tag)) continue;
    // Hoisted overlays are walked once, from the prepass, and printed first.
    if (hoisted.has(element) && !task.inOverlay) continue;
    const visibility = visibilityOf(element, task.visibility);
    if (visibility.hidden) {
      // An empty box of no size hides nothing worth counting; a control of no size does.
      if (visibility.hidden !== 'no-size' || LEAF_TAGS.has(tag))
        counts.hidden += subtreeSize(element);
      continue;
    }
    const transparent = visibility.transparent;
    const rect = visibility.rect;
    let where: Placement = 'in-view';
    let childView = task.view;
    if (rect && (rect.width > 0 || rect.height > 0)) {
      where = placement(rect, task.view, viewOnly ? VIEW_MARGIN : 0);
      if (viewOnly && where !== 'in-view' && !task.forceKeep) {
        countAway(where, subtreeSize(element));
        continue;
      }
      // Only a walk that prunes by view needs what a scroller shows (a layout read per element).
      if (viewOnly && element.firstElementChild !== null)
        childView = narrowedView(element, rect, task.view);
    }
    if (!visibility.shown && !transparent) {
      // visibility:hidden: the element is left out, its children decide for themselves.
      counts.hidden += 1;
      pushChildren(element, { ...task, visibility, view: childView }, false);
      continue;
    }
    // A label's text is its control's name: only controls inside it get lines, and a
    // label whose control is hidden stands in for it.
    const labelled = tag === 'label' ? (element as HTMLLabelElement).control : null;
    const proxyFor = labelled && !isRendered(labelled) ? labelled : null;
    const role = proxyFor ? roleOf(proxyFor) : roleOf(element);
    const interactive = proxyFor !== null || isInteractive(element, role);
    const overlay = !task.inOverlay && options.root === null && isOverlay(element, role);
    const keep =
      task.forceKeep ||
      overlay ||
      keepsElement(
        task.controlsOnly ? 'interactive' : filter,
        element,
        role,
        interactive,
        transparent,
      );
    if (!keep) {
      if (transparent) counts.hidden += 1;
      if (tag === 'br') closeText(parent);
      if (!LEAF_TAGS.has(tag)) {
        const block = BLOCK_TAGS.has(tag);
        if (block) closeText(parent);
        const controlsOnly = task.controlsOnly || labelled !== null;
        pushChildren(element, { ...task, visibility, controlsOnly, view: childView }, block);
      }
      continue;
    }
    if (counts.kept >= options.maxNodes) {
      cut = 'size';
      break;
    }
    counts.kept += 1;
    const kept: ElementTreeNode = {
      kind: 'element',
      element,
      role: role ?? 'generic',
      ref: refs.numberOf(element),
      interactive,
      rect,
      placement: where,
      transparent,
      isFrame: tag === 'iframe' || tag === 'frame',
      control: proxyFor,
      coveredBy: null,
      children: [],
    };
    if (
      interactive &&
      where === 'in-view' &&
      rect &&
      !transparent &&
      inView.length < MAX_OCCLUSION_CHECKS
    )
      inView.push(kept);
    if (overlay) {
      overlays.push(kept);
      hoisted.add(element);
    } else {
      closeText(parent);
      parent.children.push(kept);
    }
    if (!LEAF_TAGS.has(tag)) {
      pushChildren(
        element,
        {
          ...task,
          parent: kept,
          visibility,
          view: childView,
          inOverlay: task.inOverlay || overlay,
          controlsOnly: task.controlsOnly || labelled !== null || NAMED_BY_CONTENT.has(kept.role),
        },
        false,
      );
    }
  }

  /**
   * Whether a text node can be read where it sits (its parent's `visibility`). Blank
   * text only separates words, so its style is not asked; text the style hides is
   * counted once per element.
   */
  function textReadable(text: Text, visibility: Visibility): boolean {
    if (!NON_BLANK.test(text.data)) return visibility.shown;
    const readable = visibility.textShown;
    if (!readable && visibility.shown && visibility !== lastHolder) {
      lastHolder = visibility;
      counts.hidden += 1;
    }
    return readable;
  }

  /** Queues the flat-tree children (in order), all sharing the one context they inherit. */
  function pushChildren(element: Element, inherited: WalkContext, block: boolean) {
    if (block) {
      nodes.push(element);
      contexts.push({ ...inherited, exit: true });
    }
    const source = childSource(element, counts);
    const context = inherited.forceKeep ? { ...inherited, forceKeep: false } : inherited;
    // Siblings from the last (the stack pops in order) without a live NodeList.
    if (Array.isArray(source)) {
      for (let index = source.length - 1; index >= 0; index -= 1) {
        nodes.push(source[index] as Node);
        contexts.push(context);
      }
      return;
    }
    for (
      let child = (source as ParentNode & Node).lastChild;
      child;
      child = child.previousSibling
    ) {
      nodes.push(child);
      contexts.push(context);
    }
  }

  return { overlays, page, counts, cut, inView };
}
