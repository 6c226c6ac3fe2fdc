// ## Owns
// `web/act-find` in one frame: the single visible element a model named by text or
// by CSS selector, as a ref from the same registry the tree uses, so the action that
// follows goes through every check a ref action does (grant, tab set, occlusion,
// approval). Text matches the accessible names of interactive elements with case and
// accents folded, in the flat tree (shadow roots too); a selector is the document's
// own querySelectorAll, which does not enter shadow roots.
// ## Never
// Picks one of several matches: two or more come back as candidates with their refs.
import { foldText } from '../../../../shared/text/fold-text';
import {
  MAX_FIND_CANDIDATES,
  MAX_FIND_COUNTED,
  type FindElementAnswer,
  type TextMatchMode,
} from '../../methods/find-methods';
import {
  deepElementFromPoint,
  flatChildren,
  flatParent,
  withShadowRootMemo,
} from '../tree/flat-tree';
import { accessibleName } from '../tree/names';
import type { RefRegistry } from '../tree/refs';
import { isInteractive, roleOf } from '../tree/roles';
import { isShownToPerson } from '../tree/visibility';
import { modalTracker, placeOf } from './find-scope';

/** Elements looked at most: a page bigger than this is searched in part. */
const MAX_VISITED = 200_000;
/** Selector syntax of test frameworks, not of the browser. */
const FRAMEWORK_PSEUDO = /:(?:contains|has-text|text|text-is|visible)\(/i;

const flat = (text: string) => foldText(text.replace(/\s+/g, ' ').trim());

function textMatches(name: string, wanted: string, match: TextMatchMode): boolean {
  if (match === 'exact') return name === wanted;
  if (match === 'prefix') return name.startsWith(wanted);
  return name.includes(wanted);
}

/** Every element of the document in flat-tree order (shadow roots included), bounded. */
function* elementsOf(doc: Document): Generator<Element> {
  const stack: Node[] = [doc.documentElement];
  let visited = 0;
  while (stack.length > 0 && visited < MAX_VISITED) {
    const node = stack.pop() as Node;
    if (node.nodeType !== 1) continue;
    visited += 1;
    yield node as Element;
    const children = flatChildren(node);
    for (let index = children.length - 1; index >= 0; index -= 1)
      stack.push(children[index] as Node);
  }
}

function answerFor(
  found: readonly Element[],
  hidden: number,
  refs: RefRegistry,
): FindElementAnswer {
  if (found.length === 0) return { status: 'none', hidden };
  if (found.length === 1) return { status: 'found', ref: refs.numberOf(found[0] as Element) };
  return {
    status: 'ambiguous',
    count: Math.min(found.length, MAX_FIND_COUNTED),
    capped: found.length >= MAX_FIND_COUNTED,
    candidates: found.slice(0, MAX_FIND_CANDIDATES).map((element) => ({
      ref: refs.numberOf(element),
      role: (roleOf(element) ?? element.localName).slice(0, 40),
      name: accessibleName(element, 120),
      where: placeOf(element),
    })),
  };
}

export function findByText(
  text: string,
  match: TextMatchMode,
  refs: RefRegistry,
  doc: Document = document,
): FindElementAnswer {
  const wanted = flat(text);
  if (wanted === '') return { status: 'invalid', message: 'The text to find is blank.' };
  return withShadowRootMemo(() => {
    const found: Element[] = [];
    const modal = modalTracker();
    let hidden = 0;
    for (const element of elementsOf(doc)) {
      modal.see(element);
      if (!isInteractive(element, roleOf(element))) continue;
      // A hidden element has no accessible name; its text still says what it would
      // match. Visibility is asked of matches only: it walks up the ancestors.
      const name = accessibleName(element, 400) || (element.textContent ?? '').slice(0, 400);
      if (!textMatches(flat(name), wanted, match)) continue;
      if (!isShownToPerson(element)) hidden += 1;
      else if (found.push(element) >= MAX_FIND_COUNTED) break;
    }
    return answerFor(modal.scope(found), hidden, refs);
  });
}

export function findBySelector(
  selector: string,
  refs: RefRegistry,
  doc: Document = document,
): FindElementAnswer {
  if (FRAMEWORK_PSEUDO.test(selector))
    return {
      status: 'invalid',
      message:
        'Selectors such as :contains() or :has-text() belong to test tools, not to the browser. Name the element by its text instead.',
    };
  let all: NodeListOf<Element>;
  try {
    all = doc.querySelectorAll(selector);
  } catch {
    return {
      status: 'invalid',
      message: `"${selector.slice(0, 80)}" is not a valid CSS selector.`,
    };
  }
  const found: Element[] = [];
  let hidden = 0;
  for (const element of all) {
    if (!isShownToPerson(element)) hidden += 1;
    else if (found.push(element) >= MAX_FIND_COUNTED) break;
  }
  // A selector does not enter shadow roots, so neither does its look for a modal.
  const modal = modalTracker();
  doc.querySelectorAll('dialog[open], [role="dialog"], [role="alertdialog"]').forEach(modal.see);
  return answerFor(modal.scope(found), hidden, refs);
}

/** The element a person would press at a point of the viewport: the control it is in, else itself. */
export function findAtPoint(
  x: number,
  y: number,
  refs: RefRegistry,
  doc: Document = document,
): FindElementAnswer {
  const view = doc.defaultView;
  const width = view?.innerWidth ?? 0;
  const height = view?.innerHeight ?? 0;
  if (x >= width || y >= height)
    return {
      status: 'invalid',
      message: `The point ${Math.round(x)}, ${Math.round(y)} is outside the visible page (${width} \u00d7 ${height}). Scroll, then use a point inside it.`,
    };
  const hit = deepElementFromPoint(doc, x, y);
  if (!hit) return { status: 'none', hidden: 0 };
  for (
    let node: Node | null = hit, depth = 0;
    node && depth < 64;
    node = flatParent(node), depth += 1
  )
    if (node.nodeType === 1 && isInteractive(node as Element, roleOf(node as Element)))
      return { status: 'found', ref: refs.numberOf(node as Element) };
  return { status: 'found', ref: refs.numberOf(hit) };
}
