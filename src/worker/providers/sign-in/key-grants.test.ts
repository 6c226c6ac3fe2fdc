import { describe, expect, it } from 'vitest';
import { createKeyGrants, GRANT_TTL_MS } from './key-grants';

const ORIGIN = 'https://openrouter.ai';
const BASE = 'https://openrouter.ai/api/v1';

describe('key grants', () => {
  it('holds a key behind a random grant until it is taken, once', () => {
    const grants = createKeyGrants();
    const grant = grants.issue('sk-one', ORIGIN);
    expect(grant).not.toContain('sk-one');
    expect(grants.peek(grant, BASE)).toBe('sk-one');
    expect(grants.take(grant, BASE)).toBe('sk-one');
    expect(grants.take(grant, BASE)).toBeNull();
    expect(grants.peek('made-up', BASE)).toBeNull();
  });

  it('never hands a key out for a base URL of another origin', () => {
    const grants = createKeyGrants();
    const grant = grants.issue('sk-one', ORIGIN);
    for (const other of [
      'https://evil.example/api/v1',
      'https://openrouter.ai.evil.example/v1',
      'not a url',
    ])
      expect(grants.take(grant, other), other).toBeNull();
    expect(grants.take(grant, BASE)).toBe('sk-one');
  });

  it('forgets a grant after its time, and the oldest beyond eight', () => {
    let now = 1_000;
    const grants = createKeyGrants(() => now);
    const first = grants.issue('sk-first', ORIGIN);
    now += GRANT_TTL_MS + 1;
    expect(grants.peek(first, BASE)).toBeNull();
    const issued = Array.from({ length: 9 }, (_, index) => grants.issue(`sk-${index}`, ORIGIN));
    expect(grants.peek(issued[0]!, BASE)).toBeNull();
    expect(issued.slice(1).map((grant) => grants.peek(grant, BASE))).toEqual(
      Array.from({ length: 8 }, (_, index) => `sk-${index + 1}`),
    );
  });
});
