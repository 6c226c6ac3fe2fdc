// ## Owns
// Choosing an option of a list by its label or value, as the page shows it: a native
// <select> takes the choice through its value setter with the input and change events
// a person's choice fires (pages built on React and the like listen to those); a
// custom ARIA listbox or combobox names the option element, which the worker then
// clicks with trusted input. Afterwards the page says what is selected now.
// ## Why the options are returned when the choice is unclear
// A model that asked for "Large" on a list of "L", "XL" learns the real labels and
// can ask again; guessing a near match could choose something the person did not want.
import type { SelectAnswer } from '../../methods/act-methods';
import { describeElement } from './hit-test';

/** Options listed back at most, and the longest label that crosses. */
const MAX_OPTIONS = 40;
const MAX_LABEL = 80;

interface Choice {
  readonly element: Element;
  readonly label: string;
  readonly value: string;
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

function nativeChoices(select: HTMLSelectElement): Choice[] {
  return [...select.options]
    .filter((option) => !option.disabled)
    .map((option) => ({
      element: option,
      label: clean(option.label || option.text || option.textContent || ''),
      value: option.value,
    }));
}

/** The listbox a combobox or listbox element controls, or the element itself. */
function listOf(element: Element): Element | null {
  const role = element.getAttribute('role');
  if (role === 'listbox') return element;
  const root = element.getRootNode() as Document | ShadowRoot;
  for (const attribute of ['aria-controls', 'aria-owns']) {
    const id = element.getAttribute(attribute)?.split(/\s+/)[0];
    const list = id ? root.getElementById?.(id) : null;
    if (list) return list;
  }
  return element.querySelector('[role="listbox"]');
}

function ariaChoices(list: Element): Choice[] {
  return [...list.querySelectorAll('[role="option"]')]
    .filter((option) => option.getAttribute('aria-disabled') !== 'true')
    .map((option) => {
      const label = clean(option.getAttribute('aria-label') ?? option.textContent ?? '');
      return { element: option, label, value: option.getAttribute('data-value') ?? label };
    });
}

/** The one choice `wanted` names: exact label or value, then one case-free match. */
function pick(choices: readonly Choice[], wanted: string): Choice | 'none' | 'ambiguous' {
  const target = clean(wanted);
  const exact = choices.filter((choice) => choice.label === target || choice.value === target);
  if (exact.length === 1 && exact[0]) return exact[0];
  if (exact.length > 1) return 'ambiguous';
  const lower = target.toLowerCase();
  const loose = choices.filter((choice) => choice.label.toLowerCase() === lower);
  if (loose.length === 1 && loose[0]) return loose[0];
  const partial = choices.filter((choice) => choice.label.toLowerCase().includes(lower));
  if (partial.length === 1 && partial[0] && lower.length > 0) return partial[0];
  return partial.length > 1 || loose.length > 1 ? 'ambiguous' : 'none';
}

const labels = (choices: readonly Choice[]) =>
  choices.slice(0, MAX_OPTIONS).map((choice) => choice.label.slice(0, MAX_LABEL));

/** What a custom list shows as chosen now: the selected option, or the combobox's text. */
function shownChoice(element: Element, list: Element | null): string | null {
  const selected = list?.querySelector('[role="option"][aria-selected="true"]');
  if (selected) return clean(selected.getAttribute('aria-label') ?? selected.textContent ?? '');
  if (element instanceof HTMLInputElement) return clean(element.value);
  return clean(element.textContent ?? '') || null;
}

/**
 * Chooses `wanted` in the list `element` is; `numberOf` gives an option element its
 * ref when the worker must click it.
 */
export function selectOption(
  element: Element,
  wanted: string,
  numberOf: (element: Element) => number,
): SelectAnswer {
  const target = describeElement(element);
  if (element instanceof HTMLSelectElement) {
    const choices = nativeChoices(element);
    const choice = pick(choices, wanted);
    if (typeof choice === 'string') return { status: choice, target, options: labels(choices) };
    const option = choice.element as HTMLOptionElement;
    if (!option.selected) {
      element.focus();
      // The element's own setter, so a framework's override on the instance is bypassed
      // the way a person's choice bypasses it, then the events a choice fires.
      const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set;
      setter?.call(element, option.value);
      element.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      element.dispatchEvent(new Event('change', { bubbles: true }));
    }
    const now = element.options[element.selectedIndex];
    return now !== undefined && now.value === option.value && now.selected
      ? { status: 'chosen', target, chosen: choice.label.slice(0, MAX_LABEL) }
      : {
          status: 'refused',
          target,
          current: now ? clean(now.label || now.textContent || '').slice(0, MAX_LABEL) : null,
        };
  }
  const role = element.getAttribute('role');
  if (role !== 'combobox' && role !== 'listbox') return { status: 'not-a-list', target };
  const list = listOf(element);
  const choices = list ? ariaChoices(list) : [];
  if (choices.length === 0) return { status: 'closed', target };
  const choice = pick(choices, wanted);
  if (typeof choice === 'string') return { status: choice, target, options: labels(choices) };
  // A list in the page but not shown opens with a click on its control first.
  if (choice.element.getClientRects().length === 0) return { status: 'closed', target };
  return {
    status: 'click',
    target,
    option: numberOf(choice.element),
    label: choice.label.slice(0, MAX_LABEL),
  };
}

/** Whether the list `element` is now shows `label` as chosen. */
export function selectedNow(element: Element, label: string): SelectAnswer {
  const target = describeElement(element);
  const current = shownChoice(element, listOf(element));
  return current !== null && current.toLowerCase().includes(label.toLowerCase())
    ? { status: 'chosen', target, chosen: label }
    : { status: 'refused', target, current: current?.slice(0, MAX_LABEL) ?? null };
}
