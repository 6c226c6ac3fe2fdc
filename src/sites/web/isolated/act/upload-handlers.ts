// ## Owns
// upload_file's page part in one frame: find the file input a ref names and set one
// file on it from bytes, as a file picker would, so the page's own handlers see a
// chosen file. The worker decides whether the file fits and whether to ask; this only
// reports the input's attributes and does what it was told.
// ## Never
// Touches anything but the one file input the ref resolves to.
import type { RequestChannel, RequestHandlers } from '../../../../shared/protocol/define-channel';
import type { uploadMethods } from '../../methods/upload-methods';
import type { RefRegistry } from '../tree/refs';
import { describeElement } from './hit-test';

type Channel = RequestChannel<typeof uploadMethods>;

const isFileInput = (element: Element | null | undefined): element is HTMLInputElement =>
  element instanceof HTMLInputElement && element.type === 'file';

/** The single file input among `elements`, or null when there is none or more than one. */
const onlyOne = (elements: Iterable<Element>): HTMLInputElement | null => {
  const inputs = [...elements].filter(isFileInput);
  return inputs.length === 1 ? (inputs[0] ?? null) : null;
};

/**
 * The file input `element` stands for: itself, the control of a label, the one file
 * input inside it, the one its aria-controls names, or (for a styled "Upload" button
 * beside a hidden input) the one file input among its siblings.
 */
export function fileInputOf(element: Element): HTMLInputElement | null {
  if (isFileInput(element)) return element;
  const label = element instanceof HTMLLabelElement ? element : element.closest('label');
  if (isFileInput(label?.control)) return label.control;
  const inside = onlyOne(element.querySelectorAll('input'));
  if (inside) return inside;
  const controls = element.getAttribute('aria-controls');
  // A document and a shadow root both look ids up; a detached element's root does not.
  const root = element.getRootNode() as Partial<Pick<Document, 'getElementById'>>;
  const named = controls ? root.getElementById?.(controls) : null;
  if (isFileInput(named)) return named;
  const parent = element.parentElement;
  return parent ? onlyOne(parent.children) : null;
}

/** The input as the card names it: with its label's words when it has no name of its own. */
function describeInput(input: HTMLInputElement): string {
  const own = describeElement(input);
  if (own.includes('"')) return own;
  const label = (input.labels?.[0]?.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 80);
  return label ? `${own} "${label}"`.slice(0, 160) : own;
}

/** Bytes from base64 text (atob gives one character per byte). */
function bytesOf(base64: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index += 1) bytes[index] = text.charCodeAt(index);
  return bytes;
}

export function startUploadHandlers(refs: RefRegistry): RequestHandlers<Channel> {
  return {
    'web/upload-target': ({ ref }) => {
      const element = refs.elementOf(ref);
      if (!element) return { status: 'gone' };
      const input = fileInputOf(element);
      if (!input) return { status: 'not-file-input', target: describeElement(element) };
      return {
        status: 'found',
        target: describeInput(input),
        accept: input.accept.slice(0, 500),
        multiple: input.multiple,
        disabled: input.disabled,
      };
    },
    'web/upload-set': ({ ref, name, type, base64 }) => {
      const element = refs.elementOf(ref);
      if (!element) return { status: 'gone' };
      const input = fileInputOf(element);
      if (!input) return { status: 'not-file-input', target: describeElement(element) };
      const file = new File([bytesOf(base64)], name, { type, lastModified: Date.now() });
      // A FileList cannot be built directly; a DataTransfer's is the one a drop carries.
      const transfer = new DataTransfer();
      transfer.items.add(file);
      input.files = transfer.files;
      // A picker fires both, bubbling and out of shadow roots, so frameworks that
      // listen on the document (React) see the choice.
      input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      input.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
      const held = [...(input.files ?? [])].slice(0, 20);
      return {
        status: 'set',
        target: describeInput(input),
        files: held.map((chosen) => ({ name: chosen.name.slice(0, 255), size: chosen.size })),
      };
    },
  };
}
