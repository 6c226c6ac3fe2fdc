// ## Owns
// Where to press an element: scroll it into view, pick a point of its box inside the
// viewport that nothing covers (the centre first, then points around it), and say
// what covers it when every point is covered.
// ## Why several points
// A sticky header or a badge can cover an element's centre while a person would
// still click its visible part; a modal overlay covers all of it, and then the
// element must be refused with the overlay named, never clicked through.
import type { LocateResult } from '../../methods/act-methods';
import { controlKindOf, isDisabled } from './element-state';
import { deepElementFromPoint, describeElement, isWithin } from './hit-test';
import { stepAsideFrom } from './acting-indicator';

interface Box {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** The first of the element's boxes that shows inside the viewport, clipped to it. */
function visibleBox(element: Element, view: Box): Box | null {
  for (const rect of element.getClientRects()) {
    const box = {
      left: Math.max(rect.left, view.left),
      top: Math.max(rect.top, view.top),
      right: Math.min(rect.right, view.right),
      bottom: Math.min(rect.bottom, view.bottom),
    };
    if (box.right - box.left >= 1 && box.bottom - box.top >= 1) return box;
  }
  return null;
}

/** The centre, then the centres of the box's quarters: where a person would aim. */
function candidatePoints(box: Box): { x: number; y: number }[] {
  const x = (box.left + box.right) / 2;
  const y = (box.top + box.bottom) / 2;
  const dx = (box.right - box.left) / 4;
  const dy = (box.bottom - box.top) / 4;
  return [
    { x, y },
    { x: x - dx, y: y - dy },
    { x: x + dx, y: y - dy },
    { x: x - dx, y: y + dy },
    { x: x + dx, y: y + dy },
  ];
}

/** A label for the target reaches it: clicking the label is clicking the control. */
function reachesTarget(hit: Element, target: Element): boolean {
  if (isWithin(hit, target)) return true;
  const label = hit.closest('label');
  return label !== null && label.control === target;
}

/** What covers the target: the dialog or overlay around the hit, if there is one. */
function coverOf(hit: Element): string {
  const container = hit.closest(
    'dialog, [role="dialog"], [role="alertdialog"], [aria-modal="true"]',
  );
  return describeElement(container ?? hit);
}

export function locateElement(element: Element, scroll: boolean): LocateResult {
  const doc = element.ownerDocument;
  const view = doc.defaultView;
  if (scroll) element.scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });
  const width = view?.innerWidth ?? doc.documentElement.clientWidth;
  const height = view?.innerHeight ?? doc.documentElement.clientHeight;
  const box = visibleBox(element, { left: 0, top: 0, right: width, bottom: height });
  const target = describeElement(element);
  if (!box) return { status: 'not-visible', target };
  // Our own mark must neither take the press nor count as what covers the target.
  stepAsideFrom(box);
  const kind = controlKindOf(element);
  const disabled = isDisabled(element);
  const points = candidatePoints(box);
  let firstCover: string | null = null;
  for (const point of points) {
    const hit = deepElementFromPoint(doc, point.x, point.y);
    if (hit && reachesTarget(hit, element))
      return { status: 'ready', target, kind, disabled, ...point, coveredBy: null };
    firstCover ??= hit ? coverOf(hit) : 'nothing the page draws';
  }
  const centre = points[0] ?? { x: 0, y: 0 };
  return { status: 'ready', target, kind, disabled, ...centre, coveredBy: firstCover };
}
