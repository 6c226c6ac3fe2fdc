import { describe, expect, it } from 'vitest';
import { normalizeQuickActions } from './quick-action-records';

const good = (id: string) => ({ id, name: `Name ${id}`, template: 'Do {{selection}}' });

describe('normalizeQuickActions', () => {
  it('gives none for a profile saved before quick actions existed', () => {
    const problems: string[] = [];
    expect(normalizeQuickActions(undefined, (p) => problems.push(p))).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('drops a damaged or repeated action and keeps the rest', () => {
    const problems: string[] = [];
    const kept = normalizeQuickActions(
      [good('a'), { id: 'b', name: 'x', template: 'no slot' }, good('a'), 7, good('c')],
      (p) => problems.push(p),
    );
    expect(kept.map((item) => item.id)).toEqual(['a', 'c']);
    expect(problems).toHaveLength(3);
  });

  it('resets an unreadable value and keeps at most twelve', () => {
    const problems: string[] = [];
    expect(normalizeQuickActions('oops', (p) => problems.push(p))).toEqual([]);
    const many = Array.from({ length: 15 }, (_, i) => good(`a${i}`));
    expect(normalizeQuickActions(many, (p) => problems.push(p))).toHaveLength(12);
    expect(problems.join('\n')).toMatch(/unreadable[\s\S]*first 12/);
  });
});
