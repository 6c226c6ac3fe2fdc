import { describe, expect, it } from 'vitest';
import { MAX_HREF_LENGTH, safeHref } from './link-policy';

describe('safeHref', () => {
  it('keeps https and mailto links, normalised as the browser would use them', () => {
    expect(safeHref('https://example.com/a?b=c#d')).toBe('https://example.com/a?b=c#d');
    expect(safeHref('HTTPS://Example.COM')).toBe('https://example.com/');
    expect(safeHref('  https://example.com/x  ')).toBe('https://example.com/x');
    expect(safeHref('mailto:someone@example.com')).toBe('mailto:someone@example.com');
  });

  it('refuses every other scheme', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'http://example.com/',
      'file:///etc/passwd',
      'chrome-extension://abcdefghijklmnop/panel.html',
      'ftp://example.com/',
    ]) {
      expect(safeHref(href), href).toBeNull();
    }
  });

  it('refuses relative and protocol-relative URLs instead of resolving them against the extension', () => {
    for (const href of ['/settings', 'page.html', '//evil.example/x', '#top', '?q=1']) {
      expect(safeHref(href), href).toBeNull();
    }
  });

  it('refuses missing, empty and blank values', () => {
    expect(safeHref(null)).toBeNull();
    expect(safeHref(undefined)).toBeNull();
    expect(safeHref('')).toBeNull();
    expect(safeHref('   ')).toBeNull();
  });

  it('refuses URLs holding control or bidi override characters', () => {
    expect(safeHref('https://example.com/\u202Egpj.exe')).toBeNull();
    expect(safeHref('https://exa\u0000mple.com/')).toBeNull();
    expect(safeHref('https://example.com/\u2066x')).toBeNull();
  });

  it('keeps a link of exactly the maximum length and refuses a longer one', () => {
    const prefix = 'https://example.com/';
    const atLimit = prefix + 'a'.repeat(MAX_HREF_LENGTH - prefix.length);
    expect(atLimit).toHaveLength(MAX_HREF_LENGTH);
    expect(safeHref(atLimit)).toBe(atLimit);
    expect(safeHref(`${atLimit}a`)).toBeNull();
    // Surrounding blanks do not count: the limit applies to what would be used.
    expect(safeHref(` ${atLimit} `)).toBe(atLimit);
  });

  it('refuses https URLs the parser cannot read', () => {
    expect(safeHref('https://')).toBeNull();
    expect(safeHref('https://exa mple.com/')).toBeNull();
  });
});
