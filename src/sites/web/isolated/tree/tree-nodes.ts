// The in-memory tree one walk builds and the serializer prints: kept elements with
// their ref and where they lie, and runs of text between them. Wrappers without
// meaning are not nodes, so they add no depth.
import type { Placement } from './view-box';

export interface ElementTreeNode {
  readonly kind: 'element';
  readonly element: Element;
  readonly role: string;
  readonly ref: number;
  readonly interactive: boolean;
  /** The border box at walk time; null for display:contents. */
  readonly rect: DOMRect | null;
  readonly placement: Placement;
  /** Invisible through opacity 0 (kept because it is a control). */
  readonly transparent: boolean;
  /** An <iframe> or <frame>: the worker puts the child document's tree under it. */
  readonly isFrame: boolean;
  /**
   * A label standing in for the hidden control it labels (custom check boxes and
   * radios hide the input and style the label): the line shows the control's role,
   * name and state, and the ref is the label's, which a click can reach.
   */
  readonly control: Element | null;
  /** What covers the element's centre, as a short role and name; set after the walk. */
  coveredBy: string | null;
  readonly children: TreeNode[];
}

export interface TextTreeNode {
  readonly kind: 'text';
  /** Raw text collected so far (bounded); flattened when printed. */
  raw: string;
  /** Characters of the run beyond what `raw` holds. */
  extra: number;
  /** Whether more inline text may still join this run. */
  open: boolean;
}

export type TreeNode = ElementTreeNode | TextTreeNode;

/** A kept node's children live here, and so do the top-level nodes of a walk. */
export interface TreeContainer {
  readonly children: TreeNode[];
}

export interface WalkCounts {
  visited: number;
  hidden: number;
  above: number;
  below: number;
  left: number;
  right: number;
  kept: number;
}

/** What one walk found: overlays (printed first), the page, and what it left out. */
export interface WalkTree {
  readonly overlays: ElementTreeNode[];
  readonly page: TreeContainer;
  readonly counts: WalkCounts;
  readonly cut: 'size' | 'time' | null;
  /** Controls in view, in document order, for the occlusion check. */
  readonly inView: ElementTreeNode[];
}
