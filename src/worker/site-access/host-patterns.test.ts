import { describe, expect, it } from 'vitest';
import { hostOf, hostPatternOf, isPatternGranted, patternCovers } from './host-patterns';

describe('host patterns', () => {
  it('names one host and scheme, every port, the way the browser prompt does', () => {
    expect(hostPatternOf('https://news.example:8443/a/b?c#d')).toBe('https://news.example/*');
    expect(hostPatternOf('http://Shop.Example/')).toBe('http://shop.example/*');
    expect(hostPatternOf('https://[::1]:9000/')).toBe('https://[::1]/*');
    for (const url of ['chrome://settings/', 'file:///tmp/a.txt', 'about:blank', 'nonsense', ''])
      expect(hostPatternOf(url)).toBeNull();
    expect(hostPatternOf(undefined)).toBeNull();
    expect(hostOf('https://news.example/*')).toBe('news.example');
  });

  it('covers a host by the same pattern, a scheme-wide or all-URLs grant, or a subdomain wildcard', () => {
    const wanted = 'https://a.news.example/*';
    expect(patternCovers(wanted, wanted)).toBe(true);
    expect(patternCovers('<all_urls>', wanted)).toBe(true);
    expect(patternCovers('*://*/*', wanted)).toBe(true);
    expect(patternCovers('https://*/*', wanted)).toBe(true);
    expect(patternCovers('https://*.news.example/*', wanted)).toBe(true);
    expect(patternCovers('https://*.news.example/*', 'https://news.example/*')).toBe(true);
  });

  it('does not cover another scheme, another host, a look-alike suffix or a path-limited grant', () => {
    const wanted = 'https://news.example/*';
    expect(patternCovers('http://news.example/*', wanted)).toBe(false);
    expect(patternCovers('http://*/*', wanted)).toBe(false);
    expect(patternCovers('https://other.example/*', wanted)).toBe(false);
    expect(patternCovers('https://*.ews.example/*', wanted)).toBe(false);
    expect(patternCovers('https://evilnews.example/*', wanted)).toBe(false);
    expect(patternCovers('https://news.example/only/*', wanted)).toBe(false);
    expect(isPatternGranted(['https://typst.app/*', 'https://other.example/*'], wanted)).toBe(
      false,
    );
    expect(isPatternGranted(['https://typst.app/*', wanted], wanted)).toBe(true);
  });
});
