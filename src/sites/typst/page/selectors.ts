// typst.app DOM facts the page adapters rely on, one constant per fact, so a
// change on typst.app is a change here.

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

/** Attributes that declare a file's project path on header crumbs or tree rows. */
export const DECLARED_PATH_ATTRIBUTES = ['data-path', 'data-file', 'data-relpath'] as const;

/** The selected row of the Files tree; `_active_` is a CSS-modules class fragment. */
export const SELECTED_TREE_ROW =
  '[aria-selected="true"], [aria-current="page"], [aria-current="true"], button[class*="_active_"], [role="treeitem"][class*="_active_"]';

/** The Files sidebar: a region whose first heading reads exactly "Files". */
export const FILES_REGION = 'aside[aria-label*="Files" i], [role="region"][aria-label*="Files" i]';
export const FILES_HEADING_TEXT = 'Files';
/** Heading-like descendants whose text names a sidebar region. */
export const REGION_HEADING = '[role="heading"], h1, h2, h3, h4, strong';

/** The Improve panel: a region whose heading reads exactly "Improve". */
export const IMPROVE_REGION = '[role="region"][aria-label*="Improve" i]';
export const IMPROVE_HEADING_TEXT = 'Improve';
/** English UI text of an Improve panel with nothing to report: "explicitly clean". */
export const IMPROVE_CLEAN_TEXT = 'There is nothing we can suggest at the moment';
/** Compiler group summaries: "N compiler error(s)", "N warning(s)", "No compiler errors", "No warnings". */
export const COMPILER_SUMMARY_PATTERN =
  /^(?:(\d{1,5}|No) compiler errors?|(\d{1,5}|No) warnings?)$/i;
/** Spelling group summary: "N spelling mistake(s)" / "No spelling mistakes". */
export const SPELLING_SUMMARY_PATTERN = /^(\d{1,5}|No) spelling mistakes?$/i;
/** The source line above a spelling group ("Misspellings") and a compiler group ("Typst"). */
export const SPELLING_GROUP_SOURCE = 'Misspellings';
/** Row line badge: "line 12", "(line 12)", "(warning, line 12)", "error: line 7", "warning · line 7". */
export const LINE_BADGE_PATTERN =
  /^\(?(?:(error|warning|info|note|hint)\s*[,:·]\s*)?line (\d{1,7})\)?$/i;
/** Spelling rows read "original → suggestion" (also "->" and "⇒"). */
export const SPELLING_ARROW_PATTERN = /^(.{1,500}?)\s*(?:→|->|⇒)\s*(.{1,500})$/;
/** A row's trailing help link text, dropped from messages. */
export const LEARN_HOW_PATTERN = /Learn how to fix this (?:error|warning)/gi;
/** Group rows: the summary button's next sibling with role="list", rows role="listitem". */
export const GROUP_LIST = '[role="list"]';
export const GROUP_ROW = '[role="listitem"]';

/** CodeMirror's lint marks inside the editor. */
export const LINT_RANGE = '.cm-lintRange, [class*="cm-lintRange"]';

/** Preview roots: the rendered pages live in canvases outside the editor. */
export const PREVIEW_ROOT =
  '[data-typst-preview], [data-testid*="preview" i], [aria-label="Preview"], .preview';
/** A canvas counts as a rendered page above this many pixels. */
export const MIN_PREVIEW_CANVAS_PIXELS = 20_000;

/** Asset detail view: the opened image's alt mentions "preview"; its label reads "Path:". */
export const ASSET_IMAGE_ALT_PATTERN = /(?:image )?preview/i;
export const ASSET_PATH_LABEL = 'Path:';
/** Opened-image candidates are at least this big on screen. */
export const MIN_IMAGE_SIDE = 40;
export const MIN_IMAGE_AREA = 12_000;
