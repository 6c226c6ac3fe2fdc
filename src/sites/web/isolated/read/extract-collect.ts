// ## Owns
// The one walk behind `web/extract-data`: the visible tables, headings, links, images,
// forms and fields of a document (shadow roots and same-origin frames included), with
// the visible text of the elements that need it. Hidden ones are skipped and counted
// by the walk; caps are applied later (extract-data.ts), so counts stay true.
import { walkFlat, type ShadowOpener, type WalkStats } from './flat-tree';
import { createTextCollectors } from './visible-text';

export type DataKind = 'tables' | 'headings' | 'links' | 'images' | 'forms';

/** A form-like group: a <form>, or the fields of the page outside any form. */
export interface CollectedForm {
  readonly form: HTMLFormElement | null;
  readonly fields: Element[];
}

export interface Collected {
  readonly stats: WalkStats;
  readonly tables: HTMLTableElement[];
  readonly headings: { readonly level: number; readonly element: Element }[];
  readonly links: { readonly href: string; readonly element: Element }[];
  readonly images: HTMLImageElement[];
  readonly forms: CollectedForm[];
  /** The visible text of the elements that need one (cells, headings, links, labels, buttons). */
  readonly textOf: (element: Element) => string;
}

const MAX_CELL_CHARS = 200;
const MAX_NAME_CHARS = 300;
const FIELDS = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON']);
const HEADINGS = /^H([1-6])$/;

function headingLevel(element: Element): number | null {
  const tag = HEADINGS.exec(element.tagName);
  if (tag?.[1]) return Number(tag[1]);
  if (element.getAttribute('role') !== 'heading') return null;
  const level = parseInt(element.getAttribute('aria-level') ?? '', 10);
  return level >= 1 && level <= 9 ? level : 2;
}

export function collectData(
  root: Element,
  kinds: ReadonlySet<DataKind>,
  options: { readonly open: ShadowOpener; readonly deadline: number; readonly maxNodes: number },
): Collected {
  const collectors = createTextCollectors();
  const tables: HTMLTableElement[] = [];
  const headings: Collected['headings'] = [];
  const links: Collected['links'] = [];
  const images: HTMLImageElement[] = [];
  const outside: CollectedForm = { form: null, fields: [] };
  const forms = new Map<HTMLFormElement | null, CollectedForm>([[null, outside]]);
  const groupOf = (form: HTMLFormElement | null) => {
    let group = forms.get(form);
    if (!group) forms.set(form, (group = { form, fields: [] }));
    return group;
  };
  const stats = walkFlat(
    root,
    { ...options, frames: true, includeHidden: false },
    {
      element(element, visibility) {
        const tag = element.tagName;
        if (kinds.has('tables')) {
          if (tag === 'TABLE') tables.push(element as HTMLTableElement);
          else if (tag === 'TD' || tag === 'TH') collectors.open(element, MAX_CELL_CHARS);
        }
        if (kinds.has('headings')) {
          const level = headingLevel(element);
          if (level !== null) {
            headings.push({ level, element });
            collectors.open(element, MAX_NAME_CHARS);
          }
        }
        if (kinds.has('links') && (tag === 'A' || tag === 'AREA')) {
          const href = (element as HTMLAnchorElement).href;
          if (href) {
            links.push({ href, element });
            collectors.open(element, MAX_NAME_CHARS);
          }
        }
        if (tag === 'IMG' && visibility.shown) {
          if (kinds.has('images')) images.push(element as HTMLImageElement);
          if (collectors.active) collectors.text(` ${element.getAttribute('alt') ?? ''} `);
        }
        if (kinds.has('forms')) {
          if (tag === 'FORM') groupOf(element as HTMLFormElement);
          if (tag === 'LABEL' || tag === 'LEGEND') collectors.open(element, MAX_NAME_CHARS);
          if (FIELDS.has(tag)) {
            // Hidden inputs are never fields the person fills; forms count them apart.
            const isHiddenInput =
              tag === 'INPUT' && (element as HTMLInputElement).type === 'hidden';
            // A transparent field is a custom control drawn over its own art: usable.
            if ((visibility.shown || visibility.transparent) && !isHiddenInput)
              groupOf((element as HTMLInputElement).form).fields.push(element);
            if (tag === 'BUTTON') collectors.open(element, MAX_NAME_CHARS);
            // Options and typed text are read from the control, not as page text.
            return tag === 'BUTTON';
          }
        }
        return true;
      },
      text(text, visibility) {
        if (visibility.textShown && collectors.active) collectors.text(text.data);
      },
      leave(element) {
        collectors.leave(element);
      },
    },
  );
  // Forms without a visible field (search boxes hidden behind a button) are dropped.
  // Forms in page order, then the fields that belong to none.
  const grouped = [...forms.values(), outside].filter(
    (group, index) => group.fields.length > 0 && (group !== outside || index > 0),
  );
  return {
    stats,
    tables,
    headings,
    links,
    images,
    forms: grouped,
    textOf: (element) => collectors.of(element),
  };
}
