import { describe, expect, it } from 'vitest';
import type { AccessFacts } from '../../../../worker/site-access/bridge-access';
import { createFrameSiteBook, frameSitesToOffer, MAX_FRAME_SITES } from './frame-sites';

const SHOP = 'https://shop.example/*';
const MAPS = 'https://maps.example/*';
const facts = (
  patterns: readonly string[] = [SHOP],
  granted: readonly string[] = [],
): AccessFacts => ({
  allowed: {
    always: patterns.map((pattern) => ({ pattern, since: 1, permission: 'requested' as const })),
  },
  browserOrigins: [...patterns, ...granted],
  activeTabs: [],
  browser: 'chromium',
});
const tab = { tabId: 4, topUrl: 'https://shop.example/checkout' };
const hostsOf = (offers: readonly { host: string }[]) => offers.map((offer) => offer.host);

describe('frameSitesToOffer', () => {
  it('offers the hosts of unread http(s) frames whose sites the person has not allowed', () => {
    const offered = frameSitesToOffer(
      [
        'https://maps.example/embed?token=secret',
        'http://ads.example/slot',
        'https://shop.example/inner',
        'data:text/html,<p>x</p>',
        'about:blank',
        'not a url',
        'https://typst.app/project/a',
      ],
      tab,
      facts(),
    );
    // The allowed site, a data: frame, a blank frame, junk and an install site are not offered.
    expect(offered).toEqual([
      { host: 'maps.example', pattern: MAPS, browserGranted: false },
      { host: 'ads.example', pattern: 'http://ads.example/*', browserGranted: false },
    ]);
  });

  it('never offers a human check', () => {
    expect(
      frameSitesToOffer(
        [
          'https://www.google.com/recaptcha/api2/anchor?k=1',
          'https://newassets.hcaptcha.com/captcha',
          'https://challenges.cloudflare.com/turnstile',
          'https://www.google.com/maps/embed',
        ],
        tab,
        facts(),
      ).map((offer) => offer.host),
    ).toEqual(['www.google.com']);
  });

  it('offers each host once, also across observations of one run', () => {
    const srcs = [
      'https://maps.example/a',
      'https://maps.example/b',
      'https://maps.example:8443/c',
    ];
    expect(hostsOf(frameSitesToOffer(srcs, tab, facts()))).toEqual(['maps.example']);
    expect(frameSitesToOffer(srcs, tab, facts(), new Set(['maps.example']))).toEqual([]);
  });

  it('offers at most five hosts in a run', () => {
    const srcs = Array.from({ length: 9 }, (_unused, index) => `https://s${index}.example/`);
    const first = frameSitesToOffer(srcs, tab, facts());
    expect(first).toHaveLength(MAX_FRAME_SITES);
    expect(first[0]?.host).toBe('s0.example');
    expect(
      hostsOf(frameSitesToOffer(srcs, tab, facts(), new Set(['s0.example', 's1.example']))),
    ).toEqual(['s2.example', 's3.example', 's4.example']);
  });

  it('says when the browser already grants the host, so no prompt is needed', () => {
    expect(frameSitesToOffer(['https://maps.example/'], tab, facts([SHOP], [MAPS]))).toEqual([
      { host: 'maps.example', pattern: MAPS, browserGranted: true },
    ]);
  });

  it('offers nothing once the site is allowed, or where the page itself is not', () => {
    expect(frameSitesToOffer(['https://maps.example/'], tab, facts([SHOP, MAPS]))).toEqual([]);
    expect(frameSitesToOffer(['https://maps.example/'], tab, facts([]))).toEqual([]);
  });
});

describe('createFrameSiteBook', () => {
  it('remembers what each run was offered, and forgets the oldest runs first', () => {
    const book = createFrameSiteBook();
    book.add('run-1', ['maps.example']);
    book.add('run-1', ['ads.example']);
    expect([...book.offered('run-1')]).toEqual(['maps.example', 'ads.example']);
    expect(book.offered('run-2').size).toBe(0);
    for (let index = 2; index < 40; index += 1) book.add(`run-${index}`, ['x.example']);
    expect(book.offered('run-1').size).toBe(0);
    expect(book.offered('run-39').size).toBe(1);
  });
});
