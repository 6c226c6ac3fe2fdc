// typst.app DOM facts the page adapters rely on, one constant per fact, so a
// change on typst.app is a change here. Source: typst-side-agent-study.md §2.

/** The header breadcrumb `account › project › folders… › file`. */
export const BREADCRUMB_CONTAINERS = [
  'header [role="heading"][aria-level="1"]',
  '[role="banner"] [role="heading"][aria-level="1"]',
  'header h1',
  '[role="banner"] h1',
] as const;

/** Separators that may appear inside crumb text instead of icons. */
export const BREADCRUMB_SEPARATORS = /[>›❯»]/;

/** `document.title` is "<project> – <file> – Typst" (en dash; em dash and hyphen tolerated). */
export const TITLE_PATTERN = /^(.+?)\s[–—-]\s(.+?)\s[–—-]\sTypst$/;

/** A file label's last segment has an extension of 1–32 characters. */
export const FILE_EXTENSION_PATTERN = /\.[A-Za-z0-9][A-Za-z0-9+_-]{0,31}$/;
