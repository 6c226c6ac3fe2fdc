// ## Owns
// Diagnostics as the page shows them: the Improve panel's compiler and
// spelling groups, merged with the editor's lint marks for the open file, deduplicated,
// bounded, with counts by kind.
// ## Why
// The Improve panel names every file's problems but only by line; the lint marks carry
// a column for the open file. Reading both and merging on (file, line, severity) gives
// the model one list without double counting. Only the panel and the editor's own lint
// nodes are read, never the whole DOM.
import type { EditorViewLike } from './editor-view';
import {
  COMPILER_SUMMARY_PATTERN,
  FILE_EXTENSION_PATTERN,
  GROUP_LIST,
  GROUP_ROW,
  IMPROVE_CLEAN_TEXT,
  IMPROVE_HEADING_TEXT,
  IMPROVE_REGION,
  LEARN_HOW_PATTERN,
  LINE_BADGE_PATTERN,
  LINT_RANGE,
  REGION_HEADING,
  SPELLING_ARROW_PATTERN,
  SPELLING_SUMMARY_PATTERN,
} from './selectors';

const MAX_ROWS = 200;
const MAX_MESSAGE = 2_000;
const MAX_LINT_MARKS = 400;

export interface PageDiagnostic {
  severity: 'error' | 'warning' | 'info';
  kind: 'compiler' | 'spelling' | 'status';
  source: 'improve' | 'lint' | 'both';
  file: string | null;
  line: number | null;
  column: number | null;
  message: string;
  original?: string;
  suggestion?: string;
}

export interface DiagnosticsReport {
  panelFound: boolean;
  clean: boolean;
  diagnostics: PageDiagnostic[];
  truncated: boolean;
  errorCount: number;
  warningCount: number;
  spellingCount: number;
  statusCount: number;
}

/** The Improve region whose heading reads exactly "Improve", or null. */
export function findImproveRegion(root: ParentNode = document): Element | null {
  for (const region of Array.from(root.querySelectorAll(IMPROVE_REGION))) {
    if (
      region.querySelector(REGION_HEADING)?.textContent?.trim() === IMPROVE_HEADING_TEXT &&
      !region.closest('[hidden]')
    )
      return region;
  }
  return null;
}

const ownText = (element: Element) => (element.textContent ?? '').trim().replace(/\s+/g, ' ');

interface Group {
  readonly kind: 'compiler' | 'spelling';
  readonly severity: 'error' | 'warning' | 'info';
  readonly reported: number;
  readonly list: Element | null;
}

function groupOf(button: Element): Group | null {
  for (const paragraph of Array.from(button.querySelectorAll('p, span, strong')).concat(button)) {
    const text = ownText(paragraph);
    const compiler = COMPILER_SUMMARY_PATTERN.exec(text);
    const spelling = compiler ? null : SPELLING_SUMMARY_PATTERN.exec(text);
    if (!compiler && !spelling) continue;
    const count = (compiler?.[1] ?? compiler?.[2] ?? spelling?.[1] ?? 'No').toLowerCase();
    const reported = count === 'no' ? 0 : Math.min(Number(count), 10_000);
    const severity = spelling ? 'info' : compiler?.[1] !== undefined ? 'error' : 'warning';
    // The row list is the button's next sibling with role="list" (up to five levels up).
    let list: Element | null = null;
    for (
      let node: Element | null = button, hops = 0;
      node && !list && hops < 5;
      node = node.parentElement, hops += 1
    ) {
      const sibling = node.nextElementSibling;
      if (sibling?.matches(GROUP_LIST)) list = sibling;
    }
    return { kind: spelling ? 'spelling' : 'compiler', severity, reported, list };
  }
  return null;
}

function rowOf(row: Element, group: Group): PageDiagnostic {
  let line: number | null = null;
  let file: string | null = null;
  const messages: string[] = [];
  for (const leaf of Array.from(row.querySelectorAll('p, span, small, [role="paragraph"]'))) {
    if (leaf.children.length > 0) continue;
    const text = ownText(leaf);
    const badge = LINE_BADGE_PATTERN.exec(text);
    if (badge) line = Number(badge[2]);
    else if (FILE_EXTENSION_PATTERN.test(text) && !/\s/.test(text) && text.length <= 240)
      file = text;
    else if (text) messages.push(text.replace(LEARN_HOW_PATTERN, '').trim());
  }
  const message = (messages.filter(Boolean).join(' ') || ownText(row)).slice(0, MAX_MESSAGE);
  const diagnostic: PageDiagnostic = {
    severity: group.severity,
    kind: group.kind,
    source: 'improve',
    file,
    line,
    column: null,
    message,
  };
  const spelling = group.kind === 'spelling' ? SPELLING_ARROW_PATTERN.exec(message) : null;
  if (spelling?.[1] && spelling[2]) {
    diagnostic.original = spelling[1].slice(0, 500);
    diagnostic.suggestion = spelling[2].slice(0, 500);
  }
  return diagnostic;
}

function readImprove(region: Element): { rows: PageDiagnostic[]; groups: Group[] } {
  const rows: PageDiagnostic[] = [];
  const groups: Group[] = [];
  for (const button of Array.from(region.querySelectorAll('button'))) {
    const group = groupOf(button);
    if (!group) continue;
    groups.push(group);
    const parsed = Array.from(group.list?.querySelectorAll(GROUP_ROW) ?? []).map((row) =>
      rowOf(row, group),
    );
    rows.push(...parsed);
    if (group.reported > parsed.length) {
      const missing = group.reported - parsed.length;
      rows.push({
        severity: group.severity,
        kind: 'status',
        source: 'improve',
        file: null,
        line: null,
        column: null,
        message: `${missing} more ${group.kind} entries are reported but not listed (the group may be collapsed).`,
      });
    }
  }
  return { rows, groups };
}

/** Lint marks of the open file, one per line and severity, with a 1-based column. */
export function readLintMarks(
  view: EditorViewLike | null,
  fileLabel: string | null,
): PageDiagnostic[] {
  if (!view?.posAtDOM) return [];
  const seen = new Set<string>();
  const marks: PageDiagnostic[] = [];
  for (const mark of Array.from(view.dom.querySelectorAll(LINT_RANGE)).slice(0, MAX_LINT_MARKS)) {
    const className = mark.getAttribute('class') ?? '';
    const severity = /error/.test(className)
      ? 'error'
      : /warning/.test(className)
        ? 'warning'
        : 'info';
    let position: number;
    try {
      position = view.posAtDOM(mark, 0);
    } catch {
      continue;
    }
    const line = view.state.doc.lineAt(position);
    const key = `${line.number}|${severity}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const near = (mark.textContent ?? '').slice(0, 40);
    marks.push({
      severity,
      kind: 'compiler',
      source: 'lint',
      file: fileLabel,
      line: line.number,
      column: position - line.from + 1,
      message: `${severity}: near "${near}"`,
    });
  }
  return marks;
}

function merge(improve: PageDiagnostic[], lint: PageDiagnostic[]): PageDiagnostic[] {
  const merged = [...improve];
  for (const mark of lint) {
    const twin = merged.find(
      (row) =>
        row.kind === 'compiler' &&
        row.line === mark.line &&
        row.severity === mark.severity &&
        (row.file === null || row.file === mark.file),
    );
    if (twin) {
      twin.column ??= mark.column;
      twin.source = twin.source === 'improve' ? 'both' : twin.source;
      twin.file ??= mark.file;
    } else merged.push(mark);
  }
  const seen = new Set<string>();
  return merged
    .filter((row) => {
      const key = `${row.file ?? ''}|${row.line ?? ''}|${row.severity}|${row.message.slice(0, 160)}`;
      return seen.has(key) ? false : (seen.add(key), true);
    })
    .sort(
      (left, right) =>
        (left.file ?? '').localeCompare(right.file ?? '') || (left.line ?? 0) - (right.line ?? 0),
    );
}

/** Reads and merges both sources. */
export function readDiagnostics(
  view: EditorViewLike | null,
  fileLabel: string | null,
  root: ParentNode = document,
): DiagnosticsReport {
  const region = findImproveRegion(root);
  const { rows, groups } = region ? readImprove(region) : { rows: [], groups: [] };
  const clean =
    region !== null &&
    Array.from(region.querySelectorAll('p')).some((p) => ownText(p).includes(IMPROVE_CLEAN_TEXT));
  if (region && !clean && groups.length === 0) {
    rows.push({
      severity: 'warning',
      kind: 'status',
      source: 'improve',
      file: null,
      line: null,
      column: null,
      message: 'The Improve panel shows no recognisable summary.',
    });
  }
  const all = merge(rows, readLintMarks(view, fileLabel));
  const count = (predicate: (row: PageDiagnostic) => boolean) => all.filter(predicate).length;
  return {
    panelFound: region !== null,
    clean,
    diagnostics: all.slice(0, MAX_ROWS),
    truncated: all.length > MAX_ROWS,
    errorCount: count((row) => row.kind === 'compiler' && row.severity === 'error'),
    warningCount: count((row) => row.kind === 'compiler' && row.severity === 'warning'),
    spellingCount: count((row) => row.kind === 'spelling'),
    statusCount: count((row) => row.kind === 'status'),
  };
}
