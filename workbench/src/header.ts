// The top bar: breadcrumb account › project › folders… › file, and the tab title.
import {
  ACCOUNT_STATUS_LABEL,
  BREADCRUMB_CHEVRON_PATH,
  BREADCRUMB_ROLE,
  documentTitle,
} from './typst-dom';
import { el, icon } from './html';
import { baseName } from './project';

export function createHeader(): { header: HTMLElement; crumbs: HTMLElement } {
  const crumbs = el('div', {
    role: BREADCRUMB_ROLE.role,
    'aria-level': BREADCRUMB_ROLE.ariaLevel,
    class: 'breadcrumb',
  });
  const header = el(
    'header',
    { class: 'topbar' },
    crumbs,
    el('div', { class: 'topbar-actions' }, el('button', { type: 'button' }, 'Share')),
  );
  return { header, crumbs };
}

function crumb(name: string, last: boolean, status = false): HTMLElement {
  return el(
    'span',
    { class: 'crumb' },
    el('span', {}, name),
    status && el('span', { role: 'status', 'aria-label': ACCOUNT_STATUS_LABEL, class: 'presence' }),
    !last && icon([BREADCRUMB_CHEVRON_PATH], '0 0 16 16', false),
  );
}

export function updateHeader(
  crumbs: HTMLElement,
  account: string,
  project: string,
  path: string,
): void {
  const parts = path.split('/');
  crumbs.replaceChildren(
    crumb(account, false, true),
    crumb(project, false),
    ...parts.map((part, i) => crumb(part, i === parts.length - 1)),
  );
  document.title = documentTitle(project, baseName(path));
}
