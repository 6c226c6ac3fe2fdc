import { describe, expect, it } from 'vitest';
import { fieldProblem } from './field-validity';

const VALID = {
  valid: true,
  valueMissing: false,
  typeMismatch: false,
  patternMismatch: false,
  tooShort: false,
  tooLong: false,
  rangeUnderflow: false,
  rangeOverflow: false,
  stepMismatch: false,
  badInput: false,
  customError: false,
};

/** A field as the browser shows it, with the validity flags given. */
const field = (flags: Partial<typeof VALID>, extra: Record<string, unknown> = {}) =>
  ({
    willValidate: true,
    type: 'text',
    validity: { ...VALID, ...flags },
    validationMessage: 'Please include an "@" in the email address. "ada-at" is missing an "@".',
    ...extra,
  }) as unknown as Element;

describe('fieldProblem', () => {
  it('says nothing for a valid field or one the form does not check', () => {
    expect(fieldProblem(field({}), true)).toBeNull();
    expect(
      fieldProblem(field({ valid: false, valueMissing: true }, { willValidate: false }), true),
    ).toBeNull();
  });

  it('puts each refusal in its own words, never the browser message that repeats the value', () => {
    expect(fieldProblem(field({ valid: false, valueMissing: true }), true)).toBe(
      'required and not filled in',
    );
    expect(fieldProblem(field({ valid: false, typeMismatch: true }, { type: 'email' }), true)).toBe(
      'not a valid email',
    );
    expect(fieldProblem(field({ valid: false, tooShort: true }, { minLength: 8 }), true)).toBe(
      'too short (at least 8 characters)',
    );
    expect(fieldProblem(field({ valid: false, rangeOverflow: true }, { max: '10' }), true)).toBe(
      'above the highest allowed (10)',
    );
    for (const flag of ['typeMismatch', 'patternMismatch', 'tooLong', 'badInput'] as const)
      expect(fieldProblem(field({ valid: false, [flag]: true }), true)).not.toContain('ada-at');
  });

  it('passes on a message the page set only for a field whose value may be read', () => {
    const custom = (message: string) =>
      field({ valid: false, customError: true }, { validationMessage: message });
    expect(fieldProblem(custom('That user name is taken'), true)).toBe(
      'the page says: That user name is taken',
    );
    expect(fieldProblem(custom('Your password hunter2 is too weak'), false)).toBe(
      'the page marks it as not valid',
    );
    expect(fieldProblem(custom('x'.repeat(1_000)), true)!.length).toBeLessThan(230);
  });
});
