// Every typst.app DOM fact the extension's page scripts rely on, in one place, so the
// workbench can follow typst.app when it changes. Each constant names the fact it mimics;
// the extension reads it through src/sites/typst/page/selectors.ts.

/** The header breadcrumb lives in `<header>` inside this element. */
export const BREADCRUMB_ROLE = { role: 'heading', ariaLevel: '1' } as const;

/** Breadcrumb order: account › project › folders… › file. The separator is an SVG chevron, not text. */
export const BREADCRUMB_CHEVRON_PATH = 'M6 4L10 8L6 12';

/** The account crumb carries an empty presence dot: `role="status"` with this label and no text. */
export const ACCOUNT_STATUS_LABEL = 'Online';

/** Tab title: "<project> – <file> – Typst", joined with en dashes. */
export function documentTitle(project: string, fileName: string): string {
  return `${project} – ${fileName} – Typst`;
}

/** The Files sidebar: `<aside role="region" aria-label="Files">` whose first heading reads "Files". */
export const FILES_REGION_LABEL = 'Files';
export const FILES_HEADING = 'Files';

/**
 * Closed folder glyph: one `<path>` with exactly one move-to, at least one C, H and V, ending
 * in Z, and no other shapes. The extension treats a folder row with this icon and no child
 * list as "collapsed".
 */
export const CLOSED_FOLDER_PATH =
  'M3 6C3 4.9 3.9 4 5 4H9.6L11.6 6H19C20.1 6 21 6.9 21 8V17C21 18.1 20.1 19 19 19H5C3.9 19 3 18.1 3 17V6Z';

/** Open folder glyph: two paths, so it can never be mistaken for the closed glyph. */
export const OPEN_FOLDER_PATHS = [
  'M3 6C3 4.9 3.9 4 5 4H9.6L11.6 6H19C20.1 6 21 6.9 21 8V9H7L3 17V6Z',
  'M7 10H22L18.5 19H3.5L7 10Z',
];

/** File glyph: a dog-eared sheet; no curves, so it does not match the folder test. */
export const FILE_PATH = 'M6 3H14L19 8V21H6Z';

/** The row the editor shows is marked on its label button. */
export const SELECTED_ATTRIBUTE = 'aria-selected';

/** The Improve panel: a `[role="region"]` in the left sidebar whose heading reads exactly "Improve". */
export const IMPROVE_REGION_LABEL = 'Improve';
export const IMPROVE_HEADING = 'Improve';

/** Shown as a `<p>` when there is nothing to report; the extension reads it as "explicitly clean". */
export const IMPROVE_CLEAN_TEXT = 'There is nothing we can suggest at the moment';

/** First line of a compiler group button: `<p>Typst</p><p>N compiler errors</p>`. */
export const COMPILER_GROUP_SOURCE = 'Typst';

/** Compiler group summaries, as the extension's summary parser expects them. */
export function errorSummary(count: number): string {
  return `${count} compiler ${count === 1 ? 'error' : 'errors'}`;
}
export function warningSummary(count: number): string {
  return `${count} ${count === 1 ? 'warning' : 'warnings'}`;
}

/** Spelling group: its own button, rows read "original → suggestion". */
export const SPELLING_GROUP_SOURCE = 'Misspellings';
export function spellingSummary(count: number): string {
  return `${count} ${count === 1 ? 'spelling mistake' : 'spelling mistakes'}`;
}
export const SPELLING_ARROW = ' → ';

/** Line badge on each row, 1-based: "line 12". */
export function lineBadge(line: number): string {
  return `line ${line}`;
}

/** Each group's rows: the button's next sibling with `role="list"`, rows `role="listitem"`. */
export const GROUP_LIST_ROLE = 'list';
export const GROUP_ROW_ROLE = 'listitem';

/** Asset detail view labels for an opened image: value follows each label. */
export const ASSET_LABELS = {
  path: 'Path:',
  format: 'Format:',
  resolution: 'Resolution:',
  size: 'Size:',
  lastChanged: 'Last changed:',
} as const;

/** Alt text of the opened image; the extension scores `alt` containing "preview". */
export function assetImageAlt(path: string): string {
  return `${path} image preview`;
}
