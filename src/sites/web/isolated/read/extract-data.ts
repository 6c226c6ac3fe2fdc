// ## Owns
// `web/extract-data`: the sections the model asked for (tables as rows, the heading
// outline, links, images, forms with their fields), each within its share of one
// character budget and item caps, with counts of everything left out, so the answer
// fits a tool result and never pretends to be complete when it is not.
import { shadowOpener, type ShadowOpener, type WalkStats } from './flat-tree';
import { collectData, type Collected, type DataKind } from './extract-collect';
import { extractForms, type FormData } from './extract-forms';
import { createBudget, costOf, type Budget } from './read-budget';
import { slotShowsText, tableGrid } from './table-grid';

/** Characters of data one answer carries at most, shared by the requested sections. */
export const EXTRACT_BUDGET_CHARS = 40_000;
const WALK_BUDGET_MS = 3_000;
const MAX_NODES = 200_000;
const MAX_TABLES = 10;
const MAX_ROWS = 50;
const MAX_COLUMNS = 20;
const MAX_HEADINGS = 150;
const MAX_LINKS = 150;
const MAX_IMAGES = 60;
const MAX_URL_CHARS = 2_048;

export interface TableData {
  caption: string;
  headers: string[] | null;
  rows: string[][];
  rowCount: number;
  columnCount: number;
}

export interface ExtractedData {
  stats: WalkStats;
  tables?: { items: TableData[]; total: number };
  headings?: { items: { level: number; text: string }[]; total: number };
  links?: { items: { text: string; href: string }[]; total: number; distinct: number };
  images?: {
    items: { alt: string | null; src: string; width: number; height: number }[];
    total: number;
    missingAlt: number;
  };
  forms?: { items: FormData[]; total: number };
}

function tableData(table: HTMLTableElement, collected: Collected, budget: Budget): TableData {
  const grid = tableGrid(table, MAX_ROWS, MAX_COLUMNS);
  const text = (row: number, column: number, isHeader: boolean) => {
    const slot = grid.slots[row]?.[column];
    return slot && slotShowsText(slot, isHeader) ? collected.textOf(slot.cell) : '';
  };
  const columns = grid.slots[0]?.length ?? 0;
  const headers =
    grid.headerRows === 0
      ? null
      : Array.from({ length: columns }, (_unused, column) => {
          const names: string[] = [];
          for (let row = 0; row < grid.headerRows; row += 1) {
            const name = text(row, column, true);
            if (name !== '' && !names.includes(name)) names.push(name);
          }
          return names.join(' / ');
        });
  budget.take(costOf(...(headers ?? [])));
  const rows: string[][] = [];
  for (let row = grid.headerRows; row < grid.slots.length; row += 1) {
    const cells = Array.from({ length: columns }, (_unused, column) => text(row, column, false));
    if (!budget.take(costOf(...cells))) break;
    rows.push(cells);
  }
  return {
    caption: table.caption
      ? collected.textOf(table.caption) || (table.caption.textContent ?? '').trim().slice(0, 300)
      : '',
    headers,
    rows,
    rowCount: Math.max(0, grid.rowCount - grid.headerRows),
    columnCount: grid.columnCount,
  };
}

const addressOf = (url: string) =>
  url.startsWith('data:')
    ? 'data:…'
    : url.startsWith('blob:')
      ? 'blob:…'
      : url.slice(0, MAX_URL_CHARS);

function linksOf(collected: Collected, budget: Budget): NonNullable<ExtractedData['links']> {
  const distinct = new Map<string, string>();
  for (const { href, element } of collected.links) {
    const text =
      collected.textOf(element) || element.getAttribute('aria-label')?.slice(0, 300) || '';
    const known = distinct.get(href);
    if (known === undefined || (known === '' && text !== '')) distinct.set(href, text);
  }
  const items: { text: string; href: string }[] = [];
  for (const [href, text] of distinct) {
    if (items.length >= MAX_LINKS || /^javascript:/i.test(href)) continue;
    const address = addressOf(href);
    if (!budget.take(costOf(text, address))) break;
    items.push({ text, href: address });
  }
  return { items, total: collected.links.length, distinct: distinct.size };
}

function imagesOf(collected: Collected, budget: Budget): NonNullable<ExtractedData['images']> {
  const items: NonNullable<ExtractedData['images']>['items'] = [];
  let missingAlt = 0;
  for (const image of collected.images) {
    const alt = image.getAttribute('alt');
    if (alt === null) missingAlt += 1;
    if (items.length >= MAX_IMAGES) continue;
    const src = addressOf(image.currentSrc || image.src);
    const shownAlt = alt === null ? null : alt.slice(0, 300);
    if (!budget.take(costOf(shownAlt ?? '', src))) continue;
    const rect = image.getBoundingClientRect();
    items.push({
      alt: shownAlt,
      src,
      width: Math.round(rect.width),
      height: Math.round(rect.height),
    });
  }
  return { items, total: collected.images.length, missingAlt };
}

/** The requested sections of this frame's document. */
export function extractData(
  kinds: readonly DataKind[],
  open: ShadowOpener = shadowOpener(),
): ExtractedData {
  const wanted = new Set(kinds);
  const collected = collectData(document.documentElement, wanted, {
    open,
    deadline: performance.now() + WALK_BUDGET_MS,
    maxNodes: MAX_NODES,
  });
  const share = Math.floor(EXTRACT_BUDGET_CHARS / Math.max(1, wanted.size));
  const data: ExtractedData = { stats: collected.stats };
  if (wanted.has('tables')) {
    const budget = createBudget(share);
    data.tables = {
      items: collected.tables
        .slice(0, MAX_TABLES)
        .map((table) => tableData(table, collected, budget)),
      total: collected.tables.length,
    };
  }
  if (wanted.has('headings')) {
    const budget = createBudget(share);
    const items: { level: number; text: string }[] = [];
    for (const { level, element } of collected.headings) {
      const text = collected.textOf(element);
      if (text === '' || items.length >= MAX_HEADINGS || !budget.take(costOf(text))) continue;
      items.push({ level, text });
    }
    data.headings = { items, total: collected.headings.length };
  }
  if (wanted.has('links')) data.links = linksOf(collected, createBudget(share));
  if (wanted.has('images')) data.images = imagesOf(collected, createBudget(share));
  if (wanted.has('forms')) data.forms = extractForms(collected, createBudget(share));
  return data;
}

export type { DataKind };
