import { describe, expect, it } from 'vitest';
import { fetchGrantKey, mayFetchWithoutAsking } from './fetch-decision';
import { isPrivateHost } from './fetch-address';
import { registrableDomain } from './registrable-domain';

const run = { siteUrl: 'https://shop.example/cart', personText: ['Compare prices please'] };

describe('mayFetchWithoutAsking', () => {
  it('runs reads on the run’s own site and its other hosts without asking', () => {
    expect(mayFetchWithoutAsking('GET', 'https://shop.example/api/price?id=1', run)).toEqual({
      ask: false,
    });
    expect(mayFetchWithoutAsking('head', 'https://api.shop.example/v1', run)).toEqual({
      ask: false,
    });
  });

  it('asks for another origin, with the full address and a per-origin grant', () => {
    const verdict = mayFetchWithoutAsking(
      'GET',
      'https://attacker.example/?iban=DE89370400440532013000',
      run,
    );
    expect(verdict).toMatchObject({
      ask: true,
      destination: 'https://attacker.example/?iban=DE89370400440532013000',
      grantKey: fetchGrantKey('https://attacker.example'),
    });
    if (verdict.ask !== true) throw new Error('expected a question');
    expect(verdict.effect).toContain('iban=DE89370400440532013000');
    expect(verdict.reason).toContain('attacker.example');
  });

  it('does not ask for an origin the person named in the chat', () => {
    const named = { ...run, personText: ['Check the rate on rates.example for me'] };
    expect(mayFetchWithoutAsking('GET', 'https://rates.example/eur', named)).toEqual({
      ask: false,
    });
  });

  it('does not treat a look-alike registrable domain as the run’s site', () => {
    expect(mayFetchWithoutAsking('GET', 'https://shop.example.evil.example/', run).ask).toBe(true);
    expect(mayFetchWithoutAsking('GET', 'https://evilshop.example/', run).ask).toBe(true);
  });

  it.each(['POST', 'PUT', 'DELETE', 'PATCH'])(
    'refuses %s without /allow-api, telling the person what to type',
    (method) => {
      const verdict = mayFetchWithoutAsking(method, 'https://shop.example/api', run, '{"a":1}');
      expect(verdict).toMatchObject({
        ask: 'refused',
        outcome: { ok: false, code: 'FETCH_WRITES_NOT_ALLOWED' },
      });
      if (verdict.ask !== 'refused') throw new Error('expected a refusal');
      expect(verdict.outcome.message).toContain('/allow-api');
    },
  );

  it('asks for every write under /allow-api, with the body shown and no run grant', () => {
    const granted = { ...run, apiWrites: { origins: [] } };
    const verdict = mayFetchWithoutAsking(
      'post',
      'https://shop.example/api/order',
      granted,
      '{"item":"mug","qty":2}',
    );
    expect(verdict).toMatchObject({
      ask: true,
      effect: 'POST https://shop.example/api/order',
      destination: 'https://shop.example/api/order',
      grantKey: null,
    });
    if (verdict.ask !== true) throw new Error('expected a question');
    expect(verdict.detail).toBe('{\n  "item": "mug",\n  "qty": 2\n}');
  });

  it('limits a named /allow-api to its origins and names the one to allow', () => {
    const granted = { ...run, apiWrites: { origins: ['https://api.example.com'] } };
    expect(mayFetchWithoutAsking('PUT', 'https://api.example.com/v1/x', granted).ask).toBe(true);
    const other = mayFetchWithoutAsking('PUT', 'https://shop.example/v1/x', granted);
    expect(other).toMatchObject({ ask: 'refused', outcome: { code: 'FETCH_WRITES_NOT_ALLOWED' } });
    if (other.ask !== 'refused') throw new Error('expected a refusal');
    expect(other.outcome.message).toContain('/allow-api shop.example');
  });

  it('still refuses unreachable addresses for writes, and unknown methods and GET bodies', () => {
    const granted = { ...run, apiWrites: { origins: [] } };
    expect(mayFetchWithoutAsking('POST', 'https://10.0.0.1/', granted)).toMatchObject({
      outcome: { code: 'FETCH_ADDRESS_REFUSED' },
    });
    expect(mayFetchWithoutAsking('TRACE', 'https://shop.example/', granted)).toMatchObject({
      outcome: { code: 'FETCH_METHOD_NOT_ALLOWED' },
    });
    expect(mayFetchWithoutAsking('GET', 'https://shop.example/', granted, 'x')).toMatchObject({
      outcome: { code: 'FETCH_REQUEST_REFUSED' },
    });
  });

  it.each([
    ['file:///etc/passwd', 'UNSUPPORTED_SCHEME'],
    ['chrome://settings', 'UNSUPPORTED_SCHEME'],
    ['javascript:alert(1)', 'UNSUPPORTED_SCHEME'],
    ['https://user:pw@shop.example/', 'EMBEDDED_CREDENTIALS'],
    ['not a url', 'INVALID_URL'],
    ['http://attacker.example/', 'FETCH_ADDRESS_REFUSED'],
    ['https://169.254.169.254/latest/meta-data/', 'FETCH_ADDRESS_REFUSED'],
    ['https://10.0.0.1/', 'FETCH_ADDRESS_REFUSED'],
    ['https://192.168.1.1/', 'FETCH_ADDRESS_REFUSED'],
    ['https://172.20.0.1/', 'FETCH_ADDRESS_REFUSED'],
    ['http://127.0.0.1:8080/', 'FETCH_ADDRESS_REFUSED'],
    ['http://localhost/', 'FETCH_ADDRESS_REFUSED'],
    ['https://[::1]/', 'FETCH_ADDRESS_REFUSED'],
    ['https://[fe80::1]/', 'FETCH_ADDRESS_REFUSED'],
    ['https://[::ffff:10.0.0.1]/', 'FETCH_ADDRESS_REFUSED'],
    ['https://metadata.google.internal/', 'FETCH_ADDRESS_REFUSED'],
    ['https://printer/', 'FETCH_ADDRESS_REFUSED'],
  ])('refuses %s with %s', (url, code) => {
    expect(mayFetchWithoutAsking('GET', url, run)).toMatchObject({
      ask: 'refused',
      outcome: { ok: false, code },
    });
  });

  it('reaches loopback only when it is the run’s own site', () => {
    const local = { siteUrl: 'http://localhost:3000/', personText: [] };
    expect(mayFetchWithoutAsking('GET', 'http://localhost:3000/api', local)).toEqual({
      ask: false,
    });
    expect(mayFetchWithoutAsking('GET', 'http://127.0.0.1:3000/api', local).ask).toBe('refused');
  });

  it('allows cleartext http only on the run’s own http site', () => {
    const plain = { siteUrl: 'http://old.example/', personText: [] };
    expect(mayFetchWithoutAsking('GET', 'http://old.example/data', plain)).toEqual({ ask: false });
    expect(mayFetchWithoutAsking('GET', 'http://other.example/', plain).ask).toBe('refused');
  });
});

describe('address helpers', () => {
  it('keeps public addresses public', () => {
    expect(isPrivateHost('8.8.8.8')).toBe(false);
    expect(isPrivateHost('shop.example')).toBe(false);
    expect(isPrivateHost('[2606:4700::1111]')).toBe(false);
    expect(isPrivateHost('172.32.0.1')).toBe(false);
  });

  it('finds registrable domains', () => {
    expect(registrableDomain('a.b.shop.example')).toBe('shop.example');
    expect(registrableDomain('www.bbc.co.uk')).toBe('bbc.co.uk');
    expect(registrableDomain('me.github.io')).toBe('me.github.io');
    expect(registrableDomain('Shop.Example.')).toBe('shop.example');
    expect(registrableDomain('10.0.0.1')).toBe('10.0.0.1');
  });
});
