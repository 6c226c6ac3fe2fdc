// ## Owns
// The page's HTML source for the Dev tools, as the browser holds it now (after the
// page's scripts ran), cut into pages. The values of every field the shared
// credential-field detector withholds (passwords, hidden inputs, one-time codes, card
// numbers and CVCs, IBANs, API keys) are masked in a copy first: a hidden form token
// or a typed password is never part of what the model reads, even in Dev mode.
import { withheldReason } from '../read/field-privacy';

export const MASK = '[masked]';

/** The source of `doc` with sensitive field values masked, and how many were. */
export function maskedSource(doc: Document): { readonly html: string; readonly masked: number } {
  const copy = doc.documentElement.cloneNode(true) as Element;
  let masked = 0;
  for (const field of copy.querySelectorAll('input, textarea, select')) {
    if (withheldReason(field) === null) continue;
    // A withheld list (a card's expiry) keeps its options but not which one is chosen.
    if (field.tagName === 'SELECT') {
      const chosen = field.querySelectorAll('option[selected]');
      for (const option of chosen) option.removeAttribute('selected');
      if (chosen.length > 0) masked += 1;
      continue;
    }
    if (field.hasAttribute('value')) {
      field.setAttribute('value', MASK);
      masked += 1;
    }
    if (field.tagName === 'TEXTAREA' && field.textContent !== '') {
      field.textContent = MASK;
      masked += 1;
    }
  }
  const doctype = doc.doctype ? `<!DOCTYPE ${doc.doctype.name}>\n` : '';
  return { html: doctype + copy.outerHTML, masked };
}

/** Page `page` (1-based) of `text` in pages of `pageChars`; an empty text has one empty page. */
export function sourcePage(
  text: string,
  page: number,
  pageChars: number,
): { readonly text: string; readonly page: number; readonly pages: number } {
  const pages = Math.max(1, Math.ceil(text.length / pageChars));
  const shown = Math.min(page, pages);
  return { text: text.slice((shown - 1) * pageChars, shown * pageChars), page: shown, pages };
}
