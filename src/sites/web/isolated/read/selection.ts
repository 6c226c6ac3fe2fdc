// ## Owns
// `web/get-selection` in one frame: what the person has selected, either text in the
// page (shadow roots included where the browser can tell) or the selected part of the
// focused text field, bounded. A field whose value field-privacy.ts withholds (a
// password, a card number) gives nothing but the reason.
import type { RefRegistry } from '../tree/refs';
import { withheldReason, type WithheldReason } from './field-privacy';
import { shadowOpener, type ShadowOpener } from './flat-tree';

export const MAX_SELECTION_CHARS = 20_000;

export interface SelectionAnswer {
  readonly source: 'none' | 'page' | 'field';
  readonly text: string;
  readonly totalChars: number;
  readonly truncated: boolean;
  /** The focused field the selection is in, when it is in one. */
  readonly fieldRef: number | null;
  readonly withheld: WithheldReason | null;
  /**
   * The frame that has the focus when nothing is selected here: its selection belongs
   * to its own document, which this frame cannot read.
   */
  readonly focusedFrameRef: number | null;
}

const TEXT_FIELDS = /^(text|search|url|tel|email|password)$/;

/** The focused element through open and closed shadow roots, and the roots passed. */
export function deepActiveElement(open: ShadowOpener): {
  element: Element | null;
  roots: ShadowRoot[];
} {
  const roots: ShadowRoot[] = [];
  let element: Element | null = document.activeElement;
  for (let depth = 0; element && depth < 32; depth += 1) {
    const root = open(element);
    if (!root?.activeElement) break;
    roots.push(root);
    element = root.activeElement;
  }
  return { element, roots };
}

function bounded(
  text: string,
  source: SelectionAnswer['source'],
  fieldRef: number | null,
): SelectionAnswer {
  return {
    source,
    text: text.slice(0, MAX_SELECTION_CHARS),
    totalChars: text.length,
    truncated: text.length > MAX_SELECTION_CHARS,
    fieldRef,
    withheld: null,
    focusedFrameRef: null,
  };
}

function fieldSelection(field: Element, refs: RefRegistry): SelectionAnswer | null {
  const isTextarea = field.tagName === 'TEXTAREA';
  const isInput = field.tagName === 'INPUT' && TEXT_FIELDS.test((field as HTMLInputElement).type);
  if (!isTextarea && !isInput) return null;
  const control = field as HTMLInputElement | HTMLTextAreaElement;
  const withheld = withheldReason(field);
  if (withheld)
    return {
      source: 'field',
      text: '',
      totalChars: 0,
      truncated: false,
      fieldRef: refs.numberOf(field),
      withheld,
      focusedFrameRef: null,
    };
  const start = control.selectionStart;
  const end = control.selectionEnd;
  if (start === null || end === null || end <= start) return null;
  return bounded(control.value.slice(start, end), 'field', refs.numberOf(field));
}

export function readSelection(
  refs: RefRegistry,
  open: ShadowOpener = shadowOpener(),
): SelectionAnswer {
  const { element, roots } = deepActiveElement(open);
  const inField = element ? fieldSelection(element, refs) : null;
  if (inField) return inField;
  let text = document.getSelection()?.toString() ?? '';
  // Chromium keeps a selection inside a shadow tree on that tree's root.
  for (const root of roots.reverse()) {
    if (text !== '') break;
    const own = (root as ShadowRoot & { getSelection?: () => Selection | null }).getSelection?.();
    text = own?.toString() ?? '';
  }
  const isFrame = element?.tagName === 'IFRAME' || element?.tagName === 'FRAME';
  const focusedFrameRef = isFrame && element ? refs.numberOf(element) : null;
  if (text === '') return { ...bounded('', 'none', null), focusedFrameRef };
  return { ...bounded(text, 'page', null), focusedFrameRef };
}
