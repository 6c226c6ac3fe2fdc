// Small DOM helpers for Preact tests in happy-dom: mount, type, pick, wait.
import { render, type ComponentChild } from 'preact';
import { act } from 'preact/test-utils';

/** Renders into a fresh container attached to the document. */
export function mount(node: ComponentChild): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  act(() => render(node, container));
  return container;
}

/** Lets pending promises and zero-delay timers run, inside act. */
export async function settle(rounds = 3): Promise<void> {
  for (let round = 0; round < rounds; round += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

/** Sets a text control's value as typing would, firing `input`. */
export function typeInto(element: Element | null, value: string): void {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) {
    throw new Error('typeInto needs an input or textarea');
  }
  act(() => {
    element.value = value;
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Picks a select option or toggles a checkbox, firing `change`. */
export function change(element: Element | null, value?: string): void {
  act(() => {
    if (element instanceof HTMLSelectElement && value !== undefined) element.value = value;
    else if (element instanceof HTMLInputElement && element.type === 'checkbox')
      element.checked = !element.checked;
    element?.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** The control labelled `text` (via label[for]). */
export function byLabel(root: Element, text: string): HTMLElement {
  const label = [...root.querySelectorAll('label')].find(
    (item) => item.textContent?.trim() === text,
  );
  const id = label?.getAttribute('for');
  const control = id ? root.querySelector(`[id="${id}"]`) : null;
  if (!(control instanceof HTMLElement)) throw new Error(`No control labelled "${text}"`);
  return control;
}

/** The button whose text (or aria-label) is `text`. */
export function button(root: Element, text: string): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find(
    (item) => item.textContent?.trim() === text || item.getAttribute('aria-label') === text,
  );
  if (!found) throw new Error(`No button "${text}"`);
  return found;
}

/** Clicks inside act. */
export function click(element: HTMLElement): void {
  act(() => element.click());
}
