// ## Owns
// Turning the visible copy of a page (visible-clone.ts) into Markdown: the article as
// Readability finds it, or, where it finds none (an app, a shop, a search page), the
// page's main region or body as it is. Headings, lists, links and images are kept;
// data tables become GFM tables (spans resolved by table-grid.ts) and layout tables
// are unwrapped into their cells' contents.
// ## Why Readability gets a copy
// It rewrites the document it reads; when it gives up, the fallback needs the copy as
// it was.
import { Readability, isProbablyReaderable } from '@mozilla/readability';
import TurndownService from 'turndown';
import { strikethrough, tables } from 'turndown-plugin-gfm';
import { slotShowsText, tableGrid } from './table-grid';

/** Readability is skipped above this many elements (its passes grow with the page). */
export const MAX_READABILITY_ELEMENTS = 15_000;
/** An article shorter than this is not the page's content (a teaser box, a cookie note). */
const MIN_ARTICLE_CHARS = 250;
const MAX_TABLE_ROWS = 500;
const MAX_TABLE_COLUMNS = 30;
/** A cell with more text than this holds page layout, not data. */
const MAX_DATA_CELL_CHARS = 400;
const BLOCKS_IN_LAYOUT_CELLS = 'table, p, ul, ol, h1, h2, h3, h4, h5, h6, blockquote, pre, section';

export type MarkdownSource = 'article' | 'main' | 'body';

export interface PageMarkdown {
  readonly source: MarkdownSource;
  readonly title: string;
  readonly byline: string | null;
  readonly siteName: string | null;
  readonly lang: string | null;
  readonly markdown: string;
}

const cellText = (cell: Element) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim();

function isLayoutTable(table: HTMLTableElement, columnCount: number): boolean {
  if (columnCount <= 1) return true;
  return Array.from(table.rows).some((row) =>
    Array.from(row.cells).some(
      (cell) =>
        cellText(cell).length > MAX_DATA_CELL_CHARS ||
        cell.querySelector(BLOCKS_IN_LAYOUT_CELLS) !== null,
    ),
  );
}

/** A layout table becomes its cells' contents, one block per cell. */
function unwrapTable(table: HTMLTableElement): void {
  const doc = table.ownerDocument;
  const blocks = doc.createElement('div');
  for (const row of Array.from(table.rows)) {
    for (const cell of Array.from(row.cells)) {
      const block = doc.createElement('div');
      block.append(...Array.from(cell.childNodes));
      blocks.append(block);
    }
  }
  table.replaceWith(blocks);
}

/** A data table becomes one header row plus rectangular rows of cells. */
function regularTable(table: HTMLTableElement): void {
  const doc = table.ownerDocument;
  const grid = tableGrid(table, MAX_TABLE_ROWS, MAX_TABLE_COLUMNS);
  if (grid.slots.length === 0) {
    table.remove();
    return;
  }
  const regular = doc.createElement('table');
  const headerCount = grid.headerRows > 0 ? grid.headerRows : 1;
  const header = doc.createElement('tr');
  for (let column = 0; column < (grid.slots[0]?.length ?? 0); column += 1) {
    const names: string[] = [];
    for (let row = 0; row < headerCount; row += 1) {
      const slot = grid.slots[row]?.[column];
      const name = slot ? cellText(slot.cell) : '';
      if (name !== '' && !names.includes(name)) names.push(name);
    }
    const th = doc.createElement('th');
    th.textContent = names.join(' / ');
    header.append(th);
  }
  regular.createTHead().append(header);
  const body = regular.createTBody();
  for (const line of grid.slots.slice(headerCount)) {
    const row = doc.createElement('tr');
    for (const slot of line) {
      const td = doc.createElement('td');
      if (slot && slotShowsText(slot, false))
        td.append(...Array.from(slot.cell.childNodes, (node) => node.cloneNode(true)));
      row.append(td);
    }
    body.append(row);
  }
  const caption = table.caption ? cellText(table.caption) : '';
  const cut =
    grid.rowCount > MAX_TABLE_ROWS || grid.columnCount > MAX_TABLE_COLUMNS
      ? ` (${grid.rowCount} rows × ${grid.columnCount} columns; the first ${grid.slots.length} rows and ${grid.slots[0]?.length ?? 0} columns shown)`
      : '';
  const parts: Node[] = [];
  if (caption || cut) {
    const note = doc.createElement('p');
    note.textContent = `${caption}${cut}`.trim();
    parts.push(note);
  }
  table.replaceWith(...parts, regular);
}

/** Rewrites every table under `root`, innermost first. */
export function normalizeTables(root: Element): void {
  for (const table of Array.from(root.querySelectorAll('table')).reverse()) {
    const columns = tableGrid(table, 1, MAX_TABLE_COLUMNS + 1).columnCount;
    if (isLayoutTable(table, columns)) unwrapTable(table);
    else regularTable(table);
  }
}

function createTurndown(): TurndownService {
  const service = new TurndownService({
    headingStyle: 'atx',
    codeBlockStyle: 'fenced',
    bulletListMarker: '-',
    emDelimiter: '_',
    hr: '---',
  });
  service.use([strikethrough, tables]);
  // GFM cells are one line each: line breaks inside a cell become spaces, pipes are escaped.
  service.addRule('singleLineCells', {
    filter: ['th', 'td'],
    replacement: (content, node) => {
      const text = content
        .replace(/\s*\n+\s*/g, ' ')
        .replace(/\|/g, '\\|')
        .trim();
      return `${node.previousElementSibling ? ' ' : '| '}${text} |`;
    },
  });
  service.addRule('imagesWithoutAddress', {
    filter: (node) => node.nodeName === 'IMG' && !node.getAttribute('src'),
    replacement: (_content, node) => {
      const alt = (node.getAttribute('alt') ?? '').trim();
      return alt ? `[image: ${alt}]` : '';
    },
  });
  return service;
}

function toMarkdown(root: Element): string {
  normalizeTables(root);
  return createTurndown()
    .turndown(root as HTMLElement)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

const orNull = (value: string | null | undefined) => {
  const text = (value ?? '').replace(/\s+/g, ' ').trim();
  return text === '' ? null : text.slice(0, 512);
};

/** The page's article, or its main region / body when it has none. */
export function pageMarkdown(copy: Document): PageMarkdown {
  const title = copy.title.trim();
  const lang = copy.documentElement.getAttribute('lang');
  const elements = copy.body.getElementsByTagName('*').length;
  if (elements <= MAX_READABILITY_ELEMENTS && isProbablyReaderable(copy)) {
    const working = copy.cloneNode(true) as Document;
    const article = new Readability<Node>(working, {
      charThreshold: MIN_ARTICLE_CHARS,
      disableJSONLD: true,
      serializer: (node) => node,
    }).parse();
    const content = article?.content;
    if (
      article &&
      content &&
      content.nodeType === Node.ELEMENT_NODE &&
      (article.length ?? 0) >= MIN_ARTICLE_CHARS
    ) {
      return {
        source: 'article',
        title: orNull(article.title) ?? title,
        byline: orNull(article.byline),
        siteName: orNull(article.siteName),
        lang: orNull(article.lang) ?? lang,
        markdown: toMarkdown(content as Element),
      };
    }
  }
  const main = copy.body.querySelector('main, [role="main"]');
  return {
    source: main ? 'main' : 'body',
    title,
    byline: null,
    siteName: null,
    lang,
    markdown: toMarkdown(main ?? copy.body),
  };
}
