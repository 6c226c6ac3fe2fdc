/**
 * ## renderMarkdownFragment: the only path from untrusted text to DOM
 *
 * Every piece of model output, imported chat text or tool text that is shown as
 * Markdown goes through here (house style D1/D9 rule 5). Pipeline:
 * 1. size gate (render-budget.ts): text over budget is split into blocks, and a block
 *    still over budget is shown as plain text;
 * 2. marked (markdown-parser.ts) with raw HTML escaped, safe links, no images;
 * 3. DOMPurify (sanitize.ts) with a strict allowlist, returning a fragment;
 * 4. our post-pass: the allowlist is enforced again (sanitize.ts), every <a> is re-checked (link-policy.ts) and gets
 *    `rel="noopener noreferrer"` + `target="_blank"` or is unwrapped to text; titles and
 *    text nodes are neutralized (neutralize-text.ts); code blocks get copy buttons.
 * Any throw anywhere returns a fragment with a single plain text node instead.
 * Before all of it, strict secret mode masks credential-like strings (secret-masking.ts).
 *
 * Never: innerHTML on a live node, insertAdjacentHTML, or a second sanitizer elsewhere.
 */
import { splitMarkdownBlocks } from './block-splitter';
import { addCodeCopyButtons } from './code-copy';
import { safeHref } from './link-policy';
import { markdownToUntrustedHtml } from './markdown-parser';
import { neutralizeText } from './neutralize-text';
import { withinRenderBudget } from './render-budget';
import { maskSecrets } from './secret-masking';
import { enforceAllowlist, sanitizeToFragment } from './sanitize';

/** Plain text is split into text nodes of at most this many characters. */
export const PLAIN_TEXT_CHUNK_CHARS = 65_536;

/** Options for {@link renderMarkdownFragment}. */
export interface RenderMarkdownOptions {
  /**
   * Add copy buttons to code blocks.
   * @default true
   */
  readonly codeCopyButtons?: boolean;
}

/** Builds a fragment showing `text` as inert plain text (neutralized, chunked). */
export function renderPlainTextFragment(shown: string): DocumentFragment {
  const text = maskSecrets(shown);
  const fragment = document.createDocumentFragment();
  for (let start = 0; start < text.length; start += PLAIN_TEXT_CHUNK_CHARS) {
    fragment.append(
      document.createTextNode(neutralizeText(text.slice(start, start + PLAIN_TEXT_CHUNK_CHARS))),
    );
  }
  return fragment;
}

function finalizeLinks(root: DocumentFragment): void {
  for (const anchor of Array.from(root.querySelectorAll('a'))) {
    const href = safeHref(anchor.getAttribute('href'));
    if (href === null) {
      anchor.replaceWith(...Array.from(anchor.childNodes));
      continue;
    }
    anchor.setAttribute('href', href);
    anchor.setAttribute('rel', 'noopener noreferrer');
    anchor.setAttribute('target', '_blank');
  }
  for (const element of Array.from(root.querySelectorAll('[title]'))) {
    element.setAttribute('title', neutralizeText(element.getAttribute('title') ?? ''));
  }
}

function neutralizeTextNodes(root: DocumentFragment): void {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const text = node as Text;
    const safe = neutralizeText(text.data);
    if (safe !== text.data) text.data = safe;
  }
}

/**
 * Renders untrusted Markdown into a detached, inert DocumentFragment owned by the
 * current document. Never throws: on any failure the fragment holds one text node with
 * the (neutralized) raw text. Text over the size budget is rendered block by block
 * (reference-style links then resolve only within their block), and a single block
 * over budget as plain text.
 */
export function renderMarkdownFragment(
  shown: string,
  options: RenderMarkdownOptions = {},
): DocumentFragment {
  const text = maskSecrets(shown);
  try {
    if (withinRenderBudget(text)) return renderBlock(text, options);
    const fragment = document.createDocumentFragment();
    for (const block of splitMarkdownBlocks(text)) {
      fragment.append(
        withinRenderBudget(block) ? renderBlock(block, options) : renderPlainTextFragment(block),
      );
    }
    return fragment;
  } catch {
    return plainTextFallback(text);
  }
}

function renderBlock(text: string, options: RenderMarkdownOptions): DocumentFragment {
  const sanitized = sanitizeToFragment(markdownToUntrustedHtml(text));
  // DOMPurify builds the fragment in an inert document; adopt it so our own nodes
  // (copy buttons) and their listeners belong to the live document.
  const fragment = document.adoptNode(sanitized);
  enforceAllowlist(fragment);
  finalizeLinks(fragment);
  neutralizeTextNodes(fragment);
  if (options.codeCopyButtons !== false) addCodeCopyButtons(fragment);
  return fragment;
}

function plainTextFallback(text: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  let safe: string;
  try {
    safe = neutralizeText(text);
  } catch {
    safe = String(text);
  }
  fragment.append(document.createTextNode(safe));
  return fragment;
}

export { MAX_INLINE_DELIMITERS, MAX_MARKDOWN_CHARS } from './render-budget';
