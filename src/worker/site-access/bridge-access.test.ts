import { describe, expect, it } from 'vitest';
import { NO_ALLOWED_SITES } from '../storage/allowed-sites';
import { mayBridgeRun, type AccessFacts } from './bridge-access';

const NEWS = 'https://news.example/*';
const facts = (overrides: Partial<AccessFacts> = {}): AccessFacts => ({
  allowed: NO_ALLOWED_SITES,
  browserOrigins: ['https://typst.app/*'],
  activeTabs: [],
  browser: 'chromium',
  ...overrides,
});
const always = { always: [{ pattern: NEWS, since: 5, permission: 'requested' as const }] };
const top = (tabId = 1, topUrl = 'https://news.example/story') => ({ tabId, topUrl });

describe('may the bridge run', () => {
  it('needs both the person allowing the site and the browser granting the host', () => {
    expect(mayBridgeRun(top(), facts())).toEqual({
      run: false,
      reason: 'not-allowed',
      pattern: NEWS,
    });
    // A host permission held for a model endpoint is not the person allowing the site.
    expect(mayBridgeRun(top(), facts({ browserOrigins: [NEWS] }))).toMatchObject({ run: false });
    // Allowed, but the person removed the permission in the browser.
    expect(mayBridgeRun(top(), facts({ allowed: always }))).toMatchObject({ run: false });
    expect(mayBridgeRun(top(), facts({ allowed: always, browserOrigins: [NEWS] }))).toEqual({
      run: true,
      via: 'always',
      pattern: NEWS,
      since: 5,
    });
  });

  it('runs "Only now" on its own tab and host only, and only once the person chose it', () => {
    const clicked = { tabId: 1, pattern: NEWS, onceSince: null };
    expect(mayBridgeRun(top(), facts({ activeTabs: [clicked] }))).toMatchObject({ run: false });
    const once = { ...clicked, onceSince: 9 };
    expect(mayBridgeRun(top(), facts({ activeTabs: [once] }))).toEqual({
      run: true,
      via: 'once',
      pattern: NEWS,
      since: 9,
    });
    expect(mayBridgeRun(top(2), facts({ activeTabs: [once] }))).toMatchObject({ run: false });
    expect(
      mayBridgeRun(top(1, 'https://other.example/'), facts({ activeTabs: [once] })),
    ).toMatchObject({ run: false, reason: 'not-allowed' });
  });

  it('runs on a site that comes with the install and never on restricted pages', () => {
    expect(mayBridgeRun(top(1, 'https://typst.app/project/a'), facts())).toMatchObject({
      run: true,
      via: 'install',
    });
    expect(mayBridgeRun(top(1, 'chrome://settings/'), facts())).toEqual({
      run: false,
      reason: 'restricted',
      kind: 'browser-page',
    });
    // Even a blanket grant does not open the store or a PDF viewer.
    const everything = facts({ allowed: always, browserOrigins: ['<all_urls>'] });
    expect(mayBridgeRun(top(1, 'https://chromewebstore.google.com/x'), everything)).toMatchObject({
      reason: 'restricted',
    });
  });

  it("runs in a subframe only when its own document's origin is allowed too", () => {
    const allowed = facts({ allowed: always, browserOrigins: [NEWS, 'https://cdn.example/*'] });
    const frame = (frameOrigin: string) => mayBridgeRun({ ...top(), frameOrigin }, allowed);
    // Same origin, and srcdoc / about:blank frames, which carry their creator's origin.
    expect(frame('https://news.example')).toMatchObject({ run: true, via: 'always' });
    // Granted by the browser, but not allowed by the person.
    expect(frame('https://cdn.example')).toMatchObject({ run: false, reason: 'not-allowed' });
    // Opaque origins (data:, sandboxed frames) belong to no site anyone could allow.
    expect(frame('null')).toEqual({ run: false, reason: 'frame-not-covered' });
    // typst.app has its own bridge in its top frames only.
    expect(frame('https://typst.app')).toEqual({ run: false, reason: 'frame-not-covered' });
    // No frame runs where its tab does not.
    expect(mayBridgeRun({ ...top(), frameOrigin: 'https://news.example' }, facts())).toMatchObject({
      run: false,
      reason: 'not-allowed',
    });
    // A site that works in its top frame only has no subframes.
    expect(
      mayBridgeRun(
        { tabId: 1, topUrl: 'https://typst.app/p', frameOrigin: 'https://typst.app' },
        allowed,
      ),
    ).toEqual({ run: false, reason: 'frame-not-covered' });
  });
});
