import { describe, expect, it } from 'vitest';
import {
  bodyForCard,
  checkWritePayload,
  MAX_CARD_BODY_CHARS,
  MAX_WRITE_BODY_BYTES,
} from './fetch-write';

describe('checkWritePayload', () => {
  it('sends JSON as JSON and text as text, with safe headers kept', () => {
    expect(checkWritePayload('{"a":1}', { Accept: 'application/json' })).toEqual({
      ok: true,
      body: '{"a":1}',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
    });
    expect(checkWritePayload('hello', undefined)).toMatchObject({
      ok: true,
      headers: { 'content-type': 'text/plain;charset=utf-8' },
    });
  });

  it.each(['Cookie', 'Authorization', 'Proxy-Authorization', 'X-Api-Key', 'Origin'])(
    'refuses the header %s',
    (name) => {
      expect(checkWritePayload('{}', { [name]: 'secret' })).toMatchObject({
        ok: false,
        code: 'FETCH_REQUEST_REFUSED',
      });
    },
  );

  it('refuses a line break in a header value and a body over the bound (in bytes)', () => {
    expect(checkWritePayload('', { Accept: 'a\r\nCookie: x' }).ok).toBe(false);
    expect(checkWritePayload('x'.repeat(MAX_WRITE_BODY_BYTES), undefined).ok).toBe(true);
    expect(checkWritePayload('é'.repeat(MAX_WRITE_BODY_BYTES / 2 + 1), undefined)).toMatchObject({
      ok: false,
      code: 'FETCH_REQUEST_REFUSED',
    });
  });
});

describe('bodyForCard', () => {
  it('indents JSON, keeps text, says when there is none, and cuts long bodies', () => {
    expect(bodyForCard('{"a":[1]}')).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(bodyForCard('plain words')).toBe('plain words');
    expect(bodyForCard('')).toBe('(no body)');
    const long = bodyForCard('y'.repeat(MAX_CARD_BODY_CHARS + 10));
    expect(long.startsWith('y'.repeat(MAX_CARD_BODY_CHARS))).toBe(true);
    expect(long).toContain('10 more characters not shown');
  });
});
