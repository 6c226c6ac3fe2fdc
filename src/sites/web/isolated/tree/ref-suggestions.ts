// ## Owns
// Live refs near a ref that names nothing (the element was removed or re-rendered,
// or the model misremembered the number): the closest numbers first, controls before
// other elements, only elements a person can see. Tools that take refs offer these
// in their error so the model can pick the element again.
import { MAX_REF_SUGGESTIONS } from '../../methods/tree-methods';
import { accessibleName } from './names';
import type { RefRegistry } from './refs';
import { isInteractive, roleOf } from './roles';
import { isShownToPerson } from './visibility';

/** How far from the asked number the search looks, each way. */
const SEARCH_SPAN = 400;

export interface RefSuggestion {
  readonly ref: number;
  readonly role: string;
  readonly name: string;
}

/** Up to `limit` live, shown refs near `number`, controls first, then by distance. */
export function suggestRefs(
  refs: RefRegistry,
  number: number,
  limit: number = MAX_REF_SUGGESTIONS,
): RefSuggestion[] {
  const found: (RefSuggestion & { distance: number; control: boolean })[] = [];
  for (let distance = 1; distance <= SEARCH_SPAN && found.length < limit * 3; distance += 1) {
    for (const candidate of [number - distance, number + distance]) {
      if (candidate < 1) continue;
      const element = refs.elementOf(candidate);
      if (!element || !isShownToPerson(element)) continue;
      const role = roleOf(element) ?? 'generic';
      found.push({
        ref: candidate,
        role: role.slice(0, 40),
        name: accessibleName(element, 78),
        distance,
        control: isInteractive(element, role),
      });
    }
  }
  return found
    .sort((a, b) => Number(b.control) - Number(a.control) || a.distance - b.distance)
    .slice(0, limit)
    .map(({ ref, role, name }) => ({ ref, role, name }));
}
