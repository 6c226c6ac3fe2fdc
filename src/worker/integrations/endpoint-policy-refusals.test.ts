import { describe, expect, it } from 'vitest';
import {
  MAX_ENDPOINT_URL_LENGTH,
  checkEndpoint,
  isLoopbackHostname,
  originPermissionPattern,
} from './endpoint-policy';

// What a person reads when an endpoint is refused: each refusal has its code, its
// own plain-words message and the details the settings form shows.
describe('checkEndpoint refusals', () => {
  it.each([
    ['', 'The endpoint URL is empty.'],
    ['   ', 'The endpoint URL is empty.'],
    ['https://exa\tmple.com/', 'The endpoint URL contains control characters.'],
    ['https://example.com/\u007f', 'The endpoint URL contains control characters.'],
    ['not a url', 'The endpoint is not a valid absolute URL.'],
    ['/v1/chat', 'The endpoint is not a valid absolute URL.'],
  ])('refuses %j as INVALID_URL: %s', (url, message) => {
    expect(checkEndpoint(url)).toEqual({ ok: false, code: 'INVALID_URL', message, details: {} });
  });

  it('accepts a URL of exactly the maximum length and refuses one character more, with its length', () => {
    const prefix = 'https://example.com/';
    const atLimit = prefix + 'a'.repeat(MAX_ENDPOINT_URL_LENGTH - prefix.length);
    expect(checkEndpoint(atLimit)).toMatchObject({ ok: true, transport: 'https' });
    expect(checkEndpoint(`${atLimit}a`)).toEqual({
      ok: false,
      code: 'INVALID_URL',
      message: `The endpoint URL is longer than ${MAX_ENDPOINT_URL_LENGTH} characters.`,
      details: { length: MAX_ENDPOINT_URL_LENGTH + 1 },
    });
  });

  it('names the refused scheme', () => {
    expect(checkEndpoint('ftp://example.com/')).toEqual({
      ok: false,
      code: 'UNSUPPORTED_SCHEME',
      message: 'Only https: and http: endpoints are supported, not ftp:.',
      details: { scheme: 'ftp:' },
    });
  });

  it('says where credentials belong', () => {
    expect(checkEndpoint('https://user:secret@example.com/')).toEqual({
      ok: false,
      code: 'EMBEDDED_CREDENTIALS',
      message: 'Put credentials in a header, not in the URL.',
      details: {},
    });
  });

  it('names the origin that needs a cleartext confirmation', () => {
    expect(checkEndpoint('http://models.example.com:8080/v1')).toEqual({
      ok: false,
      code: 'INSECURE_CONFIRMATION_REQUIRED',
      message:
        'Sending data to http://models.example.com:8080 over unencrypted HTTP needs your confirmation for this exact origin.',
      details: { origin: 'http://models.example.com:8080' },
    });
  });
});

describe('isLoopbackHostname', () => {
  it('takes only a whole dotted quad under 127/8 as loopback', () => {
    expect(isLoopbackHostname('127.0.0.1')).toBe(true);
    expect(isLoopbackHostname('127.255.255.255')).toBe(true);
    expect(isLoopbackHostname('a127.0.0.1')).toBe(false);
    expect(isLoopbackHostname('127.0.0.1.example.com')).toBe(false);
    expect(isLoopbackHostname('127.0.0.1a')).toBe(false);
  });

  it('does not let a host that merely contains a loopback address skip the confirmation', () => {
    for (const url of ['http://127.0.0.1.example.com/', 'http://127.0.0.1.nip.example/']) {
      expect(checkEndpoint(url), url).toMatchObject({ code: 'INSECURE_CONFIRMATION_REQUIRED' });
    }
    expect(checkEndpoint('http://127.0.0.1:11434/v1')).toMatchObject({
      ok: true,
      transport: 'loopback-http',
    });
  });
});

describe('originPermissionPattern', () => {
  it('says which scheme has no host permission pattern', () => {
    expect(() => originPermissionPattern('ftp://example.com')).toThrow(
      'No host permission pattern for ftp: origins.',
    );
  });
});
