// What the panel says on a page no extension may work on: why, in plain words, and what
// the person can do instead, with no error code. These pages are the browser's rules, not a
// site's, so the texts live here in the panel's own words.
import type { RestrictedKind } from '../../shared/protocol/site-access-messages';
import './site-access.css';

interface RestrictedText {
  readonly title: string;
  readonly body: string;
}

/** Why each kind of page is off limits and what to do, one short paragraph each. */
export const RESTRICTED_TEXTS: Readonly<Record<RestrictedKind, RestrictedText>> = {
  'browser-page': {
    title: 'This is one of the browser\u2019s own pages',
    body: 'Browsers keep extensions out of their settings, new-tab and other built-in pages, so Side Agent cannot read or act here. Open a website in this tab to use it.',
  },
  'web-store': {
    title: 'This is the browser\u2019s extension store',
    body: 'To protect what you install, browsers let no extension read or change their store. Side Agent works on any other website.',
  },
  pdf: {
    title: 'This PDF is open in the browser\u2019s viewer',
    body: 'Extensions cannot read the built-in PDF viewer. To ask about this document, copy its text into the chat, or open a web page version of it.',
  },
  file: {
    title: 'This is a file on your computer',
    body: 'Side Agent works on web pages (http and https) and does not read local files. To ask about this file, copy its text into the chat.',
  },
  'extension-page': {
    title: 'This page belongs to an extension',
    body: 'Extensions cannot read each other\u2019s pages, so Side Agent cannot work here. Open a website in this tab to use it.',
  },
  'data-url': {
    title: 'This page has no website behind it',
    body: 'It was opened from a data: or blob: address, where browsers let no extension in. Open the content from its website to use Side Agent on it.',
  },
  'view-source': {
    title: 'This is the source view of a page',
    body: 'Extensions cannot read the browser\u2019s source view. Open the page itself to use Side Agent on it.',
  },
  unsupported: {
    title: 'Side Agent cannot work on this page',
    body: 'Side Agent works on web pages (http and https). This address is of another kind, so nothing here is read or sent.',
  },
};

/** The restricted-page card. */
export function RestrictedCard({ kind }: { readonly kind: RestrictedKind }) {
  const text = RESTRICTED_TEXTS[kind];
  return (
    <section class="restricted-card" role="status" data-testid="restricted-card" data-kind={kind}>
      <div class="grant-badge" aria-hidden="true">
        <svg
          width="18"
          height="18"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          stroke-width="2"
          stroke-linecap="round"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M5.7 5.7l12.6 12.6" />
        </svg>
      </div>
      <h2 class="grant-title">{text.title}</h2>
      <p>{text.body}</p>
      <p class="muted">Nothing on this page is read or sent.</p>
    </section>
  );
}
