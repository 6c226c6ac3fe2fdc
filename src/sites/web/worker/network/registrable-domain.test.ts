import { describe, expect, it } from 'vitest';
import { registrableDomain, sameSite } from './registrable-domain';

describe('registrableDomain', () => {
  it.each([
    ['shop.example', 'shop.example'],
    ['cdn.shop-assets.example', 'shop-assets.example'],
    ['a.b.c.example.com', 'example.com'],
    ['Login.Bank.CO.UK.', 'bank.co.uk'],
    // Suffixes a short list would miss: each is its own site, never the suffix.
    ['pay.bank.com.sg', 'bank.com.sg'],
    ['www.bank.co.il', 'bank.co.il'],
    ['a.city.kawasaki.jp', 'city.kawasaki.jp'],
    // Private sections: one customer of a hosting service is not another.
    ['alice.github.io', 'alice.github.io'],
    ['my-bucket.s3.amazonaws.com', 'my-bucket.s3.amazonaws.com'],
    ['127.0.0.1', '127.0.0.1'],
    ['[::1]', '[::1]'],
    ['localhost', 'localhost'],
  ])('%s is %s', (host, site) => {
    expect(registrableDomain(host)).toBe(site);
  });
});

describe('sameSite', () => {
  it('joins the hosts of one site and keeps neighbours under a public suffix apart', () => {
    expect(sameSite('https://www.example.com/a', 'https://api.example.com/b')).toBe(true);
    expect(sameSite('https://shop.com.sg/', 'https://bank.com.sg/')).toBe(false);
    expect(sameSite('https://alice.github.io/', 'https://mallory.github.io/')).toBe(false);
    expect(sameSite('https://a.example/', 'not a url')).toBe(false);
  });
});
