/**
 * ## Markdown to (untrusted) HTML string
 *
 * Owns the marked configuration. Its output is NOT trusted: it only feeds the DOMPurify
 * pass in render-markdown.ts. Still, it removes as much as it can at the source so the
 * sanitizer has little to do:
 * - raw HTML (block and inline) is escaped and shows as literal text;
 * - links keep only https/mailto targets (link-policy.ts), others render their text;
 * - images never become <img> (no remote request, no tracking pixel): an https image
 *   becomes a link labelled "Image: <alt>", anything else a plain "Image: <alt>" label;
 * - task-list checkboxes become ☐/☑ text instead of <input>;
 * - a code block's language survives only as a validated `language-*` class.
 */
import { Marked, type Tokens } from 'marked';
import { safeHref } from './link-policy';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for use in HTML text and double-quoted attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** Language names we keep as a class; anything else is dropped. */
export const CODE_LANGUAGE_PATTERN = /^[A-Za-z0-9_+#.-]{1,32}$/;

function titleAttribute(title: string | null | undefined): string {
  return title ? ` title="${escapeHtml(title)}"` : '';
}

function imageLabel(alt: string): string {
  const label = alt.trim();
  return label === '' ? 'Image' : `Image: ${label}`;
}

const markdown = new Marked({
  gfm: true,
  breaks: true,
  async: false,
  renderer: {
    html(token: Tokens.HTML | Tokens.Tag): string {
      // A raw HTML block is shown as its own paragraph of literal text.
      return token.block ? `<p>${escapeHtml(token.text.trimEnd())}</p>\n` : escapeHtml(token.text);
    },
    link(token: Tokens.Link): string {
      const label = this.parser.parseInline(token.tokens);
      const href = safeHref(token.href);
      if (href === null) return label;
      return `<a href="${escapeHtml(href)}"${titleAttribute(token.title)}>${label}</a>`;
    },
    image(token: Tokens.Image): string {
      // The alt text is used as plain text: nested markup in it has no value here.
      const label = escapeHtml(imageLabel(token.text));
      const href = safeHref(token.href);
      if (href === null || !href.startsWith('https:')) return label;
      return `<a href="${escapeHtml(href)}"${titleAttribute(token.title)}>${label}</a>`;
    },
    checkbox({ checked }: Tokens.Checkbox): string {
      return checked ? '\u2611 ' : '\u2610 ';
    },
    code({ text, lang }: Tokens.Code): string {
      const language = (lang ?? '').trim().split(/\s+/)[0] ?? '';
      const className = CODE_LANGUAGE_PATTERN.test(language)
        ? ` class="language-${escapeHtml(language)}"`
        : '';
      const body = text.endsWith('\n') ? text : `${text}\n`;
      return `<pre><code${className}>${escapeHtml(body)}</code></pre>\n`;
    },
  },
});

/**
 * Parses Markdown into an HTML string (GFM, single newlines as line breaks). May throw
 * on internal marked errors; the caller owns the fallback.
 */
export function markdownToUntrustedHtml(text: string): string {
  return markdown.parse(text, { async: false });
}
