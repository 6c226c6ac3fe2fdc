import { describe, expect, it } from 'vitest';
import { planToolCallOrder, type PlannedToolCall } from './plan-replace-lines-order';

const replace = (start_line: unknown, end_line: unknown): PlannedToolCall => ({
  name: 'replace_lines',
  arguments: { start_line, end_line, new_content: 'x' },
});
const other = (name: string): PlannedToolCall => ({ name, arguments: {} });

describe('planToolCallOrder', () => {
  it('runs a contiguous group of non-overlapping replace_lines bottom to top', () => {
    expect(planToolCallOrder([replace(1, 2), replace(10, 10), replace(5, 8)])).toEqual([1, 2, 0]);
  });

  it('treats other tools as barriers between groups', () => {
    const calls = [
      replace(1, 1),
      replace(3, 3),
      other('read_document'),
      replace(2, 2),
      replace(9, 9),
      other('search_replace'),
    ];
    expect(planToolCallOrder(calls)).toEqual([1, 0, 2, 4, 3, 5]);
  });

  it('keeps provider order when a member overlaps or is invalid', () => {
    expect(planToolCallOrder([replace(1, 5), replace(5, 6)])).toEqual([0, 1]);
    expect(planToolCallOrder([replace(1, 1), replace(4, 2)])).toEqual([0, 1]);
    expect(planToolCallOrder([replace(1, 1), replace('3', 3)])).toEqual([0, 1]);
    expect(planToolCallOrder([replace(1, 1), replace(0, 3)])).toEqual([0, 1]);
    expect(planToolCallOrder([replace(1, 1), { name: 'replace_lines', arguments: null }])).toEqual([
      0, 1,
    ]);
  });

  it('leaves lone calls and empty lists alone', () => {
    expect(planToolCallOrder([])).toEqual([]);
    expect(planToolCallOrder([other('a'), replace(2, 2), other('b')])).toEqual([0, 1, 2]);
  });
});
