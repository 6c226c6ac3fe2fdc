import { describe, expect, it } from 'vitest';
import { restrictedKindOf } from './restricted-pages';

describe('restricted pages', () => {
  it('names the kind of every page no extension may work on', () => {
    const cases: [string, string][] = [
      ['chrome://settings/', 'browser-page'],
      ['chrome://newtab/', 'browser-page'],
      ['edge://extensions/', 'browser-page'],
      ['about:blank', 'browser-page'],
      ['about:preferences', 'browser-page'],
      ['devtools://devtools/bundled/inspector.html', 'browser-page'],
      ['https://chromewebstore.google.com/detail/abc', 'web-store'],
      ['https://chrome.google.com/webstore/category/extensions', 'web-store'],
      ['https://microsoftedge.microsoft.com/addons/detail/x', 'web-store'],
      ['https://reports.example/2026/annual.PDF', 'pdf'],
      ['file:///home/person/notes.txt', 'file'],
      ['chrome-extension://abcdefghijklmnop/options.html', 'extension-page'],
      ['moz-extension://1234/page.html', 'extension-page'],
      ['data:text/html,<p>hi</p>', 'data-url'],
      ['blob:https://news.example/1234', 'data-url'],
      ['view-source:https://news.example/', 'view-source'],
      ['ftp://files.example/', 'unsupported'],
      ['not a url', 'unsupported'],
    ];
    for (const [url, kind] of cases)
      expect([url, restrictedKindOf(url, 'chromium')]).toEqual([url, kind]);
  });

  it('leaves ordinary web pages alone, including the parts of a store host that are not the store', () => {
    for (const url of [
      'https://news.example/story',
      'http://localhost:8080/',
      'https://chrome.google.com/intl/en/chrome/',
      'https://reports.example/pdf-tools/',
    ])
      expect([url, restrictedKindOf(url, 'chromium')]).toEqual([url, null]);
  });

  it("applies each browser's own store list", () => {
    expect(restrictedKindOf('https://addons.mozilla.org/en-US/firefox/', 'firefox')).toBe(
      'web-store',
    );
    expect(restrictedKindOf('https://addons.mozilla.org/en-US/firefox/', 'chromium')).toBeNull();
    expect(restrictedKindOf('https://chromewebstore.google.com/', 'firefox')).toBeNull();
  });
});
