/**
 * Test helper: asserts that rendered Markdown holds only inert DOM. The list of what
 * may appear is this file's own, written from what Markdown needs to show text, not
 * taken from the sanitizer under test: a sanitizer that starts letting more through
 * fails here instead of widening the check with it. Our own code-block chrome
 * (code-copy.ts) is checked separately.
 */
import { expect } from 'vitest';
import { CODE_BLOCK_CLASS, CODE_COPY_CLASS } from '../code-copy';

/** Element -> the attributes it may carry. Nothing else may appear. */
const INERT_MARKDOWN: Readonly<Record<string, readonly string[]>> = {
  p: [],
  br: [],
  strong: [],
  em: [],
  del: [],
  a: ['href', 'title', 'rel', 'target'],
  code: ['class'],
  pre: [],
  blockquote: [],
  ul: [],
  ol: ['start'],
  li: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  hr: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: [],
  td: [],
};

const BIDI_OR_CONTROL =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

function checkOwnChrome(element: Element): boolean {
  if (element.localName === 'div') {
    expect(element.className).toBe(CODE_BLOCK_CLASS);
    expect(element.getAttributeNames()).toEqual(['class']);
    return true;
  }
  if (element.localName === 'button') {
    expect(element.className).toBe(CODE_COPY_CLASS);
    expect(element.getAttributeNames().sort()).toEqual(['aria-label', 'class', 'type']);
    expect(['Copy', 'Copied', 'Copy failed']).toContain(element.textContent);
    return true;
  }
  return false;
}

/**
 * Fails the test when `root` holds anything outside the Markdown allowlist.
 * `isOwnElement` marks extra elements built by our own code (e.g. the streaming tail):
 * they are exempt from the allowlist but must still have no event attributes.
 */
export function assertInert(
  root: ParentNode,
  isOwnElement: (element: Element) => boolean = () => false,
): void {
  for (const element of Array.from(root.querySelectorAll('*'))) {
    if (isOwnElement(element)) {
      expect(element.getAttributeNames().some((name) => name.startsWith('on'))).toBe(false);
      continue;
    }
    if (checkOwnChrome(element)) continue;
    const allowed = Object.hasOwn(INERT_MARKDOWN, element.localName)
      ? INERT_MARKDOWN[element.localName]
      : undefined;
    expect(allowed, `element <${element.localName}>`).toBeDefined();
    expect(element.namespaceURI).toBe('http://www.w3.org/1999/xhtml');
    for (const name of element.getAttributeNames()) {
      expect(name.startsWith('on'), `event attribute ${name}`).toBe(false);
      expect(allowed?.includes(name), `attribute ${name} on <${element.localName}>`).toBe(true);
      if (name === 'class') {
        expect(element.getAttribute('class')).toMatch(/^language-[A-Za-z0-9_+#.-]{1,32}$/);
      }
      if (name === 'start') {
        expect(element.getAttribute('start')).toMatch(/^\d{1,9}$/);
      }
    }
    if (element.localName === 'a') {
      const href = element.getAttribute('href') ?? '';
      expect(['https:', 'mailto:']).toContain(new URL(href).protocol);
      expect(element.getAttribute('rel')).toBe('noopener noreferrer');
      expect(element.getAttribute('target')).toBe('_blank');
    }
    const title = element.getAttribute('title');
    if (title !== null) expect(BIDI_OR_CONTROL.test(title)).toBe(false);
  }
  expect(BIDI_OR_CONTROL.test(root.textContent ?? ''), 'visible control/bidi characters').toBe(
    false,
  );
}
