import { describe, expect, it } from 'vitest';
import { checkSchemaPattern } from './check-schema-pattern';

describe('checkSchemaPattern', () => {
  it.each([
    'abc',
    '^abc$',
    '^[a-z]*$',
    '^[a-z0-9_-]{1,64}$',
    '^\\d{4}-\\d{2}-\\d{2}$',
    '^[^@]+@example\\.com$',
    '^a{3}b{2}c*$',
    '^a{3,3}$',
    '^.*?$',
    '^[(|)]*$',
    '^\\(a\\)\\|b$',
    '^\\u{1F600}+$',
    '^\\p{L}{2,10000}$',
    '^[\\u{1F600}-\\u{1F64F}]?$',
    '\\$',
    '^a\\$*$',
    'x'.repeat(256),
  ])('accepts %j', (pattern) => {
    expect(checkSchemaPattern(pattern)).toEqual({ ok: true });
  });

  it.each([
    ['^(a+)+$', 'group'],
    ['(a|aa)*', 'group'],
    ['^(?:a)$', 'group'],
    ['^(?=a)a$', 'group'],
    ['a|b', 'alternation'],
    ['^[a-z]|[0-9]$', 'alternation'],
    ['^\\1(a)$', 'backreference'],
    ['^(a)\\1$', 'group'],
    ['^a*b*$', 'more than one variable-length'],
    ['^a+b?$', 'more than one variable-length'],
    ['^a{1,5}b{2,}$', 'more than one variable-length'],
    ['a{1,100000}', 'bound above'],
    ['^a{10001}$', 'bound above'],
    ['^a{99999999999999999999}$', 'bound above'],
    ['a*', 'anchored'],
    ['^a*', 'anchored'],
    ['a*$', 'anchored'],
    ['^a*\\$', 'anchored'],
    ['^a{3}', 'anchored'],
  ])('refuses %j as unsafe (%s)', (pattern, reason) => {
    const verdict = checkSchemaPattern(pattern);
    expect(verdict.ok).toBe(false);
    expect(verdict).toMatchObject({ code: 'SCHEMA_PATTERN_UNSAFE' });
    expect(!verdict.ok && verdict.message).toContain(reason);
  });

  it('refuses named backreferences', () => {
    expect(checkSchemaPattern('^\\k<x>(?<x>a)$')).toMatchObject({
      code: 'SCHEMA_PATTERN_UNSAFE',
      message: 'Pattern uses a backreference.',
    });
  });

  it.each([
    ['\\1'],
    ['^[a-z$'],
    ['a{2'],
    ['\\p{NotAProperty}'],
    ['(?<'],
    ['a**'],
    ['x'.repeat(257)],
  ])('refuses %j as not compiling or too long', (pattern) => {
    expect(checkSchemaPattern(pattern)).toMatchObject({ ok: false, code: 'SCHEMA_PATTERN' });
  });
});
