// ## Owns
// What the duplicate-submit rule of the safety policy knows: which controls look like
// they submit (a form's submit button, or a label such as Save, Create, Send, Place
// order), the presses of this run that landed, and whether a proposed press repeats
// one of them on the same page within the window. A form can be sent by its button
// or by Enter in any of its fields; both count as sending that form, so Enter after
// a click on Send (or the other way round) is a repeat too.
// ## Why a second submit asks
// A page that is slow to answer a submit invites a second click, and a model that did
// not see the first one take effect will press again: an order placed twice, a post
// sent twice. The person decides whether the second press is meant.
import type { ControlFacts } from './may-act';

/** How long after a submit-like press the same press on the same page asks first. */
export const DUPLICATE_SUBMIT_MS = 45_000;
/** Presses remembered per run (the newest are kept). */
const MAX_PRESSES = 16;

/** A press that landed on the page. */
export interface PressRecord {
  /** The page's address when it was pressed (the fragment aside). */
  readonly url: string;
  readonly role: string;
  readonly name: string;
  /** The form it sent (formKey), or null when it sent none. */
  readonly form: string | null;
  /** Date.now() when it was pressed. */
  readonly at: number;
}

/** Which form a control sends, as far as the page shows it; null when it sends none. */
export function formKey(control: ControlFacts): string | null {
  if (!control.submitsForm) return null;
  return `${control.formMethod ?? ''} ${control.formAction ?? ''} ${control.formWords}`.slice(
    0,
    2_000,
  );
}

// Whole words, so "Address" or "Updates feed" do not count.
const SUBMIT_LIKE =
  /(?<![\p{L}\p{N}])(create|save|submit|add|post|publish|send|confirm|place order|pay|checkout|check out|update|finish|done|apply|register|sign up|book|order)(?![\p{L}\p{N}])/iu;

const withoutHash = (url: string) => url.replace(/#.*$/, '');

/** Whether pressing the control looks like submitting something. */
export function isSubmitLike(control: ControlFacts): boolean {
  return control.submitsForm || SUBMIT_LIKE.test(control.name);
}

/**
 * The earlier press this one would repeat (a submit-like control with the same role
 * and name on the same page, within the window), or null.
 */
export function repeatedPress(
  control: ControlFacts,
  pageUrl: string,
  presses: readonly PressRecord[],
  now: number,
): PressRecord | null {
  if (!isSubmitLike(control)) return null;
  const page = withoutHash(pageUrl);
  const form = formKey(control);
  for (let index = presses.length - 1; index >= 0; index -= 1) {
    const press = presses[index];
    if (!press || now - press.at > DUPLICATE_SUBMIT_MS || now < press.at) continue;
    if (withoutHash(press.url) !== page) continue;
    const sameControl = press.role === control.role && press.name === control.name;
    if (sameControl || (form !== null && press.form === form)) return press;
  }
  return null;
}

/** Remembers a press that landed, bounded. */
export function rememberPress(presses: PressRecord[], press: PressRecord): void {
  presses.push(press);
  if (presses.length > MAX_PRESSES) presses.splice(0, presses.length - MAX_PRESSES);
}
