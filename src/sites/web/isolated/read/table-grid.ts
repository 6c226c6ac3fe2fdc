// ## Owns
// A table as a grid of cells, the way the person reads it: row and column spans
// occupy every slot they cover, header rows are told apart (a <thead>, or a first row
// of <th> cells), and the grid is capped in rows and columns with the true counts
// kept. Both the Markdown of read_page and the rows of extract_data come from here.
// ## How spans are read
// A header cell spanning columns names each of them. A data cell spanning rows fills
// each of its rows, so every row reads on its own; a data cell spanning columns fills
// the first and leaves the rest empty, so a sum across a row is not counted twice.

/** Spans past this are treated as this (pages write colspan="1000"). */
export const MAX_SPAN = 100;

/** One slot of the grid. */
export interface GridSlot {
  readonly cell: HTMLTableCellElement;
  /** The slot is in the cell's first column (a data cell's text is shown there). */
  readonly firstColumn: boolean;
}

export interface TableGrid {
  /** Slots by row then column; a hole (no cell covers it) is null. */
  readonly slots: (GridSlot | null)[][];
  /** How many leading rows are header rows. */
  readonly headerRows: number;
  /** The table's real size, before the caps. */
  readonly rowCount: number;
  readonly columnCount: number;
}

const span = (value: string | null) => {
  const parsed = parseInt(value ?? '', 10);
  return Number.isFinite(parsed) && parsed > 1 ? Math.min(parsed, MAX_SPAN) : 1;
};

function headerRowsOf(rows: readonly HTMLTableRowElement[]): number {
  let count = 0;
  for (const row of rows) {
    if (row.parentElement?.tagName !== 'THEAD') break;
    count += 1;
  }
  if (count > 0) return count;
  const first = rows[0];
  if (!first || first.cells.length === 0) return 0;
  return Array.from(first.cells).every((cell) => cell.tagName === 'TH') ? 1 : 0;
}

/** The grid of `table`, at most `maxRows` × `maxColumns` slots. */
export function tableGrid(table: HTMLTableElement, maxRows: number, maxColumns: number): TableGrid {
  const rows = Array.from(table.rows);
  const slots: (GridSlot | null)[][] = [];
  let columnCount = 0;
  for (const [rowIndex, row] of rows.entries()) {
    let column = 0;
    for (const cell of Array.from(row.cells)) {
      while (slots[rowIndex]?.[column]) column += 1;
      const columns = span(cell.getAttribute('colspan'));
      const rowSpan = span(cell.getAttribute('rowspan'));
      const lastRow = Math.min(rowIndex + rowSpan, rows.length, maxRows);
      for (let r = rowIndex; r < lastRow; r += 1) {
        const line = (slots[r] ??= []);
        for (let c = column; c < Math.min(column + columns, maxColumns); c += 1)
          line[c] = { cell, firstColumn: c === column };
      }
      column += columns;
      columnCount = Math.max(columnCount, column);
    }
  }
  const shownColumns = Math.min(columnCount, maxColumns);
  const shownRows = Math.min(rows.length, maxRows);
  const grid: (GridSlot | null)[][] = [];
  for (let r = 0; r < shownRows; r += 1) {
    const line = slots[r] ?? [];
    grid.push(Array.from({ length: shownColumns }, (_unused, c) => line[c] ?? null));
  }
  return {
    slots: grid,
    headerRows: Math.min(headerRowsOf(rows), shownRows),
    rowCount: rows.length,
    columnCount,
  };
}

/** Whether a slot shows its cell's text: headers name every column they span. */
export function slotShowsText(slot: GridSlot, isHeader: boolean): boolean {
  return isHeader || slot.firstColumn;
}
