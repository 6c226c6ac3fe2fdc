// ## Owns
// Which fields of the page hold edits a navigation would drop: a text the person (or
// the agent) typed, a box checked, an option chosen, against what the page loaded
// with. Search boxes are not edits. Bounded; read only.
import { describeElement } from './hit-test';

const MAX_FIELDS_CHECKED = 2_000;
const MAX_REPORTED = 8;
const NOT_EDITS = new Set(['search', 'hidden', 'submit', 'button', 'reset', 'image', 'file']);

function isEdited(field: Element): boolean {
  if (field instanceof HTMLInputElement) {
    const type = field.type.toLowerCase();
    if (NOT_EDITS.has(type) || field.getAttribute('role') === 'searchbox') return false;
    if (type === 'checkbox' || type === 'radio') return field.checked !== field.defaultChecked;
    return field.value !== field.defaultValue;
  }
  if (field instanceof HTMLTextAreaElement) return field.value !== field.defaultValue;
  if (field instanceof HTMLSelectElement) {
    const options = [...field.options];
    // A select without a default shows its first option: that is not an edit.
    const hasDefault = options.some((option) => option.defaultSelected);
    return options.some((option, index) =>
      hasDefault ? option.selected !== option.defaultSelected : option.selected && index !== 0,
    );
  }
  return false;
}

/** The edited fields, described (at most a few), for the refusal the model reads. */
export function unsavedFields(doc: Document): string[] {
  const found: string[] = [];
  let checked = 0;
  for (const field of doc.querySelectorAll('input, textarea, select')) {
    if ((checked += 1) > MAX_FIELDS_CHECKED || found.length >= MAX_REPORTED) break;
    if (isEdited(field)) found.push(describeElement(field, 120));
  }
  return found;
}
