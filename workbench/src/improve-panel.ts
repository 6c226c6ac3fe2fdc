// The Improve panel: compiler error and warning groups (a button with "Typst" and a summary,
// then a role="list" of rows with a message <p> and a line badge), a spelling group, and the
// clean text when there is nothing to show.
import {
  COMPILER_GROUP_SOURCE,
  GROUP_LIST_ROLE,
  GROUP_ROW_ROLE,
  IMPROVE_CLEAN_TEXT,
  IMPROVE_HEADING,
  IMPROVE_REGION_LABEL,
  SPELLING_ARROW,
  SPELLING_GROUP_SOURCE,
  errorSummary,
  lineBadge,
  spellingSummary,
  warningSummary,
} from './typst-dom';
import { el } from './html';
import type { WorkbenchDiagnostic } from './diagnostics';
import type { Misspelling } from './spelling';

export interface ImproveRow {
  message: string;
  hint?: string | null;
  path: string;
  line: number;
}

export function createImprovePanel(): HTMLElement {
  return el(
    'section',
    { role: 'region', 'aria-label': IMPROVE_REGION_LABEL, class: 'improve' },
    el('h2', {}, IMPROVE_HEADING),
  );
}

function group(
  source: string,
  summary: string,
  rows: ImproveRow[],
  onPick: (row: ImproveRow) => void,
): HTMLElement {
  const list = el('div', { role: GROUP_LIST_ROLE });
  for (const row of rows) {
    const item = el(
      'div',
      { role: GROUP_ROW_ROLE, class: 'improve-row' },
      el('p', {}, row.message),
      row.hint ? el('p', { class: 'hint' }, `Hint: ${row.hint}`) : null,
      el('span', { class: 'file' }, row.path),
      el('span', { class: 'badge' }, lineBadge(row.line)),
    );
    item.addEventListener('click', () => onPick(row));
    list.append(item);
  }
  const button = el(
    'button',
    { type: 'button', 'aria-expanded': 'true' },
    el('p', {}, source),
    el('p', {}, summary),
  );
  button.addEventListener('click', () => {
    list.hidden = !list.hidden;
    button.setAttribute('aria-expanded', String(!list.hidden));
  });
  return el('div', { class: 'improve-group' }, button, list);
}

export function renderImprovePanel(
  panel: HTMLElement,
  diagnostics: WorkbenchDiagnostic[],
  misspellings: Misspelling[],
  onPick: (row: ImproveRow) => void,
): void {
  // Traces ("hint" severity entries such as the #include that led to an error) stay out of
  // the panel; they are lint marks only.
  const toRow = (d: WorkbenchDiagnostic): ImproveRow => ({
    message: d.message,
    hint: d.hint,
    path: d.path,
    line: d.line,
  });
  const errors = diagnostics.filter((d) => d.severity === 'error').map(toRow);
  const warnings = diagnostics.filter((d) => d.severity === 'warning').map(toRow);
  const spelling = misspellings.map((m) => ({
    message: `${m.original}${SPELLING_ARROW}${m.suggestion}`,
    path: m.path,
    line: m.line,
  }));
  const parts: HTMLElement[] = [el('h2', {}, IMPROVE_HEADING)];
  if (errors.length)
    parts.push(group(COMPILER_GROUP_SOURCE, errorSummary(errors.length), errors, onPick));
  if (warnings.length)
    parts.push(group(COMPILER_GROUP_SOURCE, warningSummary(warnings.length), warnings, onPick));
  if (spelling.length)
    parts.push(group(SPELLING_GROUP_SOURCE, spellingSummary(spelling.length), spelling, onPick));
  if (parts.length === 1) parts.push(el('p', { class: 'clean' }, IMPROVE_CLEAN_TEXT));
  panel.replaceChildren(...parts);
}
