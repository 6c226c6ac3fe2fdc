// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { MAX_SPAN, slotShowsText, tableGrid } from './table-grid';

function table(html: string): HTMLTableElement {
  document.body.innerHTML = `<table>${html}</table>`;
  return document.querySelector('table') as HTMLTableElement;
}

/** The grid as text: a header cell names every column it spans, data cells their first. */
const textOf = (grid: ReturnType<typeof tableGrid>) =>
  grid.slots.map((line, row) =>
    line.map((slot) =>
      slot && slotShowsText(slot, row < grid.headerRows) ? (slot.cell.textContent ?? '') : '',
    ),
  );

describe('tableGrid', () => {
  it('places row and column spans in every slot they cover and counts header rows', () => {
    const grid = tableGrid(
      table(`<thead><tr><th rowspan="2">Size</th><th colspan="2">Stock</th></tr>
        <tr><th>Store</th><th>Online</th></tr></thead>
        <tbody><tr><td>40</td><td rowspan="2">3</td><td>12</td></tr>
        <tr><td>41</td><td>7</td></tr><tr><td>42</td><td colspan="2">Sold out</td></tr></tbody>`),
      50,
      20,
    );
    expect(grid.headerRows).toBe(2);
    expect(textOf(grid)).toEqual([
      ['Size', 'Stock', 'Stock'],
      ['Size', 'Store', 'Online'],
      ['40', '3', '12'],
      ['41', '3', '7'],
      ['42', 'Sold out', ''],
    ]);
  });

  it('takes a first row of header cells as the header without a thead', () => {
    expect(
      tableGrid(table('<tr><th>a</th><th>b</th></tr><tr><td>1</td><td>2</td></tr>'), 9, 9)
        .headerRows,
    ).toBe(1);
    expect(tableGrid(table('<tr><th>a</th><td>b</td></tr>'), 9, 9).headerRows).toBe(0);
  });

  it('caps rows, columns and absurd spans while keeping the true size', () => {
    const grid = tableGrid(
      table(`<tr><td colspan="100000">wide</td></tr>${'<tr><td>x</td></tr>'.repeat(30)}`),
      10,
      5,
    );
    expect(grid.slots).toHaveLength(10);
    expect(grid.slots[0]).toHaveLength(5);
    expect(grid.rowCount).toBe(31);
    expect(grid.columnCount).toBe(MAX_SPAN);
  });

  it('leaves holes where no cell covers a slot', () => {
    const grid = tableGrid(table('<tr><td>a</td><td>b</td></tr><tr><td>c</td></tr>'), 9, 9);
    expect(grid.slots[1]?.[1]).toBeNull();
  });
});
