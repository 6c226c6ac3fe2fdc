import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './error-codes';

describe('ERROR_CODES', () => {
  it('lists every code once, in SCREAMING_SNAKE_CASE', () => {
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
  });
});
