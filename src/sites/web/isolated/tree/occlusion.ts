// ## Owns
// What covers a control: a hit test at the centre of its visible part, into shadow
// roots, in this frame; and the same question asked by a child frame about its own
// controls (the parent's overlays cover a frame's content too). A cover is named by
// its role and name, so the model can deal with it (close the dialog, accept cookies).
import { labelsOf } from './label-index';
import { MAX_HIT_POINTS } from '../../methods/tree-methods';
import { deepElementFromPoint, flatContains, flatParent } from './flat-tree';
import { accessibleName } from './names';
import { roleOf } from './roles';
import { quoted } from './states';
import type { ElementTreeNode } from './tree-nodes';
import type { ViewBox } from './view-box';

const COVER_NAME_CHARS = 40;

/** A short description of an element that covers another: `dialog "Cookies"`. */
export function describeCover(hit: Element): string {
  let element: Element | null = hit;
  for (let steps = 0; element && steps < 12; steps += 1) {
    const role = roleOf(element);
    if (role !== null && role !== 'generic' && role !== 'none' && role !== 'presentation') {
      const name = accessibleName(element, COVER_NAME_CHARS);
      return name ? `${role} ${quoted(name, COVER_NAME_CHARS)}` : role;
    }
    const parent: Node | null = flatParent(element);
    element = parent && parent.nodeType === 1 ? (parent as Element) : null;
  }
  const name = accessibleName(hit, COVER_NAME_CHARS);
  return name ? `${hit.localName} ${quoted(name, COVER_NAME_CHARS)}` : `${hit.localName} element`;
}

/** Whether a hit on `hit` reaches `target` (itself, inside it, its label, or an ancestor). */
function reaches(target: Element, hit: Element): boolean {
  if (flatContains(target, hit) || flatContains(hit, target)) return true;
  for (const label of labelsOf(target)) if (flatContains(label, hit)) return true;
  return false;
}

/** The centre of the part of `rect` inside `view`, or null when none of it is. */
function visibleCentre(rect: DOMRect, view: ViewBox): { x: number; y: number } | null {
  const left = Math.max(rect.left, view.left);
  const right = Math.min(rect.right, view.right);
  const top = Math.max(rect.top, view.top);
  const bottom = Math.min(rect.bottom, view.bottom);
  if (right <= left || bottom <= top) return null;
  return { x: (left + right) / 2, y: (top + bottom) / 2 };
}

/**
 * Marks the in-view controls something in this document covers, and returns the
 * centres of the others (for the parent frame's check).
 */
export function markCovered(
  doc: Document,
  controls: readonly ElementTreeNode[],
  view: ViewBox,
): { ref: number; x: number; y: number }[] {
  const points: { ref: number; x: number; y: number }[] = [];
  for (const node of controls) {
    if (!node.rect) continue;
    const centre = visibleCentre(node.rect, view);
    if (!centre) continue;
    const hit = deepElementFromPoint(doc, centre.x, centre.y);
    if (!hit) continue;
    if (reaches(node.element, hit)) {
      if (points.length < MAX_HIT_POINTS) points.push({ ref: node.ref, ...centre });
    } else {
      node.coveredBy = describeCover(hit);
    }
  }
  return points;
}

/**
 * Hit-tests a child frame's points (in the child's coordinates) in this document:
 * null where the frame element is what a click there reaches, else what covers it.
 */
export function hitTestFrame(
  doc: Document,
  frame: Element,
  points: readonly { x: number; y: number }[],
): { coveredBy: string | null; x: number; y: number }[] {
  const rect = frame.getBoundingClientRect();
  const style = doc.defaultView?.getComputedStyle(frame);
  const originX = rect.left + frame.clientLeft + (style ? parseFloat(style.paddingLeft) || 0 : 0);
  const originY = rect.top + frame.clientTop + (style ? parseFloat(style.paddingTop) || 0 : 0);
  const width = doc.defaultView?.innerWidth ?? 0;
  const height = doc.defaultView?.innerHeight ?? 0;
  return points.map((point) => {
    const x = originX + point.x;
    const y = originY + point.y;
    if (x < 0 || y < 0 || x >= width || y >= height) return { coveredBy: null, x, y };
    const hit = deepElementFromPoint(doc, x, y);
    const clear = !hit || hit === frame || flatContains(frame, hit);
    return { coveredBy: clear ? null : describeCover(hit), x, y };
  });
}
