// ## Owns
// What the safety policy needs to know about a control before the agent presses it:
// its role and accessible name (as the tree shows them), the form it would submit
// (method, address, what its fields ask for), a price shown with it, where a link
// goes, and whether the page shows a link to a given address. Read, bounded, never
// changed.
import type { ControlFactsView } from '../../methods/act-methods';
import { accessibleName } from '../tree/names';
import { roleOf } from '../tree/roles';
import { isShownToPerson } from '../tree/visibility';

const MAX_FORM_WORDS = 1_000;
const MAX_TEXT_SCAN = 4_000;
const MAX_LINKS_CHECKED = 2_000;
/** Ancestors searched for a price: the control's row, card or form, not the whole page. */
const PRICE_LEVELS = 4;

const PRICE = /(?:[$€£¥]\s?\d[\d.,\s]*\d|\d[\d.,\s]*\d?\s?(?:€|EUR|USD|GBP|CHF|\$|£))/u;
const TOTAL = /(?<!\p{L})(?:total|gesamt|summe|montant|importe|totale|totaal)[^\d$€£¥]{0,30}/iu;

function submitterOf(element: Element): HTMLButtonElement | HTMLInputElement | null {
  if (element instanceof HTMLButtonElement && element.type === 'submit') return element;
  if (
    element instanceof HTMLInputElement &&
    (element.type === 'submit' || element.type === 'image')
  )
    return element;
  return null;
}

function formOf(element: Element): HTMLFormElement | null {
  if (
    element instanceof HTMLButtonElement ||
    element instanceof HTMLInputElement ||
    element instanceof HTMLSelectElement ||
    element instanceof HTMLTextAreaElement
  )
    return element.form;
  return element.closest('form');
}

function formWords(form: HTMLFormElement): string {
  const words: string[] = [form.name, form.id, form.getAttribute('aria-label') ?? ''];
  for (const field of form.elements) {
    if (words.join(' ').length > MAX_FORM_WORDS) break;
    if (!(field instanceof HTMLElement)) continue;
    words.push(
      field.getAttribute('name') ?? '',
      field.getAttribute('type') ?? '',
      field.getAttribute('autocomplete') ?? '',
      field.id,
      accessibleName(field, 60),
    );
  }
  return words.filter(Boolean).join(' ').slice(0, MAX_FORM_WORDS);
}

/** A price shown with the control: a total in its form or card first, else any price nearby. */
function priceNear(element: Element): string | null {
  let node: Element | null = element;
  for (let level = 0; node && level <= PRICE_LEVELS; level += 1, node = node.parentElement) {
    const text = (node instanceof HTMLElement ? node.innerText : (node.textContent ?? ''))
      .replace(/\s+/g, ' ')
      .slice(0, MAX_TEXT_SCAN);
    const total = TOTAL.exec(text);
    if (total) {
      const after = PRICE.exec(text.slice(total.index));
      if (after) return after[0].trim();
    }
    const any = PRICE.exec(text);
    if (any) return any[0].trim();
  }
  return null;
}

/** The facts of one control; `enter` when the action is Enter in it (a field submits its form). */
export function controlFacts(element: Element, enter: boolean): ControlFactsView {
  const form = formOf(element);
  const submitter = submitterOf(element);
  const submitsForm = form !== null && (submitter !== null || enter);
  const method = submitter?.getAttribute('formmethod') ? submitter.formMethod : form?.method;
  const action = submitter?.getAttribute('formaction') ? submitter.formAction : form?.action;
  const link = element.closest('a[href]');
  return {
    role: (roleOf(element) ?? element.localName).slice(0, 40),
    name: accessibleName(element, 160),
    submitsForm,
    formMethod: form ? (method ?? 'get').toLowerCase().slice(0, 10) : null,
    formAction: form && action ? action.slice(0, 2_048) : null,
    formWords: form ? formWords(form) : '',
    price: priceNear(element)?.slice(0, 40) ?? null,
    href: link instanceof HTMLAnchorElement ? link.href.slice(0, 2_048) : null,
  };
}

const withoutHash = (url: string) => url.replace(/#.*$/, '');

/** Whether the page shows the person a link to exactly `url` (the fragment aside). */
export function linkShown(doc: Document, url: string): boolean {
  const wanted = withoutHash(url);
  let checked = 0;
  for (const anchor of doc.querySelectorAll('a[href]')) {
    if ((checked += 1) > MAX_LINKS_CHECKED) break;
    if (!(anchor instanceof HTMLAnchorElement) || withoutHash(anchor.href) !== wanted) continue;
    if (isShownToPerson(anchor)) return true;
  }
  return false;
}
