// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createRefRegistry } from './refs';

describe('ref registry', () => {
  it('keeps a number for a living element and never gives a number twice', () => {
    const refs = createRefRegistry();
    const a = document.body.appendChild(document.createElement('button'));
    const b = document.body.appendChild(document.createElement('a'));
    const first = refs.numberOf(a);
    expect(refs.numberOf(a)).toBe(first);
    expect(refs.numberOf(b)).not.toBe(first);
    expect(refs.elementOf(first)).toBe(a);
    // Moving keeps the number; removing makes it name nothing, and after a sweep the
    // element gets a new number if it comes back.
    document.body.prepend(a);
    expect(refs.elementOf(first)).toBe(a);
    a.remove();
    expect(refs.elementOf(first)).toBeNull();
    expect(refs.sweep()).toBe(1);
    document.body.append(a);
    const again = refs.numberOf(a);
    expect(again).toBeGreaterThan(refs.numberOf(b));
    expect(refs.elementOf(first)).toBeNull();
    expect(refs.elementOf(9_999)).toBeNull();
    expect(refs.size).toBe(2);
  });
});
