// ## Owns
// Where a match found by text or selector sits, for the model and for scoping: the
// modal dialog a person can reach while it is open, and the landmark, form or dialog
// that tells two matches with the same name apart ("Save" in the page and "Save" in
// its dialog).
// ## Why a modal scopes the matches
// While a modal dialog is open the page behind it cannot be pressed by a person; a
// label that also names something behind it means the one in the dialog.
import { flatParent } from '../tree/flat-tree';
import { accessibleName } from '../tree/names';
import { roleOf } from '../tree/roles';
import { isShownToPerson } from '../tree/visibility';

const PLACE_ROLES = new Set([
  'dialog',
  'alertdialog',
  'form',
  'region',
  'navigation',
  'banner',
  'contentinfo',
  'main',
  'complementary',
  'search',
]);
const MAX_PLACE_DEPTH = 40;

function isModalDialog(element: Element): boolean {
  if (element.localName === 'dialog') {
    try {
      if (element.matches(':modal')) return true;
    } catch {
      // An engine without :modal: the aria-modal flag below still counts.
    }
  }
  const role = element.getAttribute('role');
  return (
    (role === 'dialog' || role === 'alertdialog') && element.getAttribute('aria-modal') === 'true'
  );
}

/** Collects the open modal dialogs of a walk, keeping the last one shown. */
export function modalTracker() {
  let top: Element | null = null;
  return {
    see(element: Element) {
      if (isModalDialog(element) && isShownToPerson(element)) top = element;
    },
    /** Only the matches inside the open modal, when some are; else all of them. */
    scope(found: Element[]): Element[] {
      const modal = top;
      if (!modal) return found;
      const inside = found.filter((element) => isWithin(element, modal));
      return inside.length > 0 ? inside : found;
    },
  };
}

function isWithin(element: Element, container: Element): boolean {
  for (let node: Node | null = element, depth = 0; node && depth < 256; depth += 1) {
    if (node === container) return true;
    node = flatParent(node);
  }
  return false;
}

/** The nearest landmark, form or dialog around `element`, e.g. `dialog "Delete file?"`; '' when none. */
export function placeOf(element: Element): string {
  let node = flatParent(element);
  for (let depth = 0; node && depth < MAX_PLACE_DEPTH; depth += 1) {
    if (node.nodeType === 1) {
      const role = roleOf(node as Element);
      if (role && PLACE_ROLES.has(role)) {
        const name = accessibleName(node as Element, 60);
        return (name ? `${role} ${JSON.stringify(name)}` : role).slice(0, 80);
      }
    }
    node = flatParent(node);
  }
  return '';
}
