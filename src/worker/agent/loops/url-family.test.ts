import { describe, expect, it } from 'vitest';
import { urlFamily } from './url-family';

describe('url families', () => {
  it('drop the fragment, tracking and per-visit parameters, and sort the rest', () => {
    expect(urlFamily('https://WWW.Shop.example/cart/?b=2&utm_source=x&a=1&gclid=g&_=123#top')).toBe(
      'https://shop.example/cart?a=1&b=2',
    );
    expect(urlFamily('https://shop.example/cart;jsessionid=ABC123')).toBe(
      'https://shop.example/cart',
    );
    expect(urlFamily('https://shop.example/?pk_campaign=a')).toBe('https://shop.example/');
  });

  it('keep what picks the content: path, other parameters, repeated values, port', () => {
    expect(urlFamily('https://shop.example/item/1')).not.toBe(
      urlFamily('https://shop.example/item/2'),
    );
    expect(urlFamily('https://shop.example/s?q=mugs')).not.toBe(
      urlFamily('https://shop.example/s?q=cups'),
    );
    expect(urlFamily('https://shop.example/s?tag=b&tag=a')).toBe(
      'https://shop.example/s?tag=a&tag=b',
    );
    expect(urlFamily('https://shop.example:8443/')).toBe('https://shop.example:8443/');
  });

  it('leave text that is not a web address as it is', () => {
    expect(urlFamily('not a url')).toBe('not a url');
    expect(urlFamily('mailto:a@b.example?utm_source=x')).toBe('mailto:a@b.example?utm_source=x');
  });
});
