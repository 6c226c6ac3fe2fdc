// Matching a URL to a site guide, and the bounds every guide is held to. Hosts and
// look-alikes here are examples; the shipped guides' own tables are beside them.
import { describe, expect, it } from 'vitest';
import {
  GUIDE_TEXT_BOUNDS,
  checkSiteGuides,
  defineSiteGuide,
  guideFor,
  guideMatches,
  type SiteGuide,
} from './site-guide';

const TEXT = 'Plain notes about the layout of the site. '.repeat(6);
const guide = (overrides: Partial<SiteGuide> = {}): SiteGuide =>
  defineSiteGuide({
    id: 'mail',
    name: 'Mail',
    category: 'general',
    match: { hosts: ['mail.example.com'] },
    text: TEXT,
    ...overrides,
  });

describe('guideMatches', () => {
  const mail = guide();
  it('matches the exact host over https, any path, query or fragment', () => {
    for (const url of [
      'https://mail.example.com/',
      'https://mail.example.com/mail/u/0/#inbox',
      'https://MAIL.Example.COM/x?y=1',
      'https://mail.example.com./',
      'https://mail.example.com:443/',
      'https://person@mail.example.com/',
    ])
      expect(guideMatches(mail, url), url).toBe(true);
  });

  it('refuses look-alikes, other schemes, ports, subdomains and parents', () => {
    for (const url of [
      'http://mail.example.com/',
      'https://mail.example.com:8443/',
      'https://mail.example.com.attacker.example/',
      'https://evil-mail.example.com.attacker.example/',
      'https://evilmail.example.com/',
      'https://www.mail.example.com/',
      'https://example.com/',
      'https://mail.example.co/',
      'https://mail.example.com@attacker.example/',
      'https://attacker.example/https://mail.example.com/',
      'https://xn--mil-8cd.example.com/',
      'https://mаil.example.com/',
      'ftp://mail.example.com/',
      'https://127.0.0.1/',
      'not a url',
      '',
    ])
      expect(guideMatches(mail, url), url).toBe(false);
  });

  it('takes subdomains only when the guide says so, never a look-alike suffix', () => {
    const social = guide({ match: { hosts: ['social.example'], subdomains: true } });
    expect(guideMatches(social, 'https://social.example/')).toBe(true);
    expect(guideMatches(social, 'https://www.social.example/a')).toBe(true);
    expect(guideMatches(social, 'https://old.www.social.example/')).toBe(true);
    expect(guideMatches(social, 'https://antisocial.example/')).toBe(false);
    expect(guideMatches(social, 'https://social.example.attacker.example/')).toBe(false);
  });

  it('matches path prefixes at segment boundaries only', () => {
    const docs = guide({ match: { hosts: ['docs.example.com'], paths: ['/document', '/wiki/'] } });
    expect(guideMatches(docs, 'https://docs.example.com/document')).toBe(true);
    expect(guideMatches(docs, 'https://docs.example.com/document/d/1/edit')).toBe(true);
    expect(guideMatches(docs, 'https://docs.example.com/wiki')).toBe(true);
    expect(guideMatches(docs, 'https://docs.example.com/wiki/spaces')).toBe(true);
    expect(guideMatches(docs, 'https://docs.example.com/documents')).toBe(false);
    expect(guideMatches(docs, 'https://docs.example.com/')).toBe(false);
    expect(guideMatches(docs, 'https://docs.example.com/x/document')).toBe(false);
  });
});

describe('guideFor', () => {
  it('returns the first matching guide, so a narrower one listed first wins', () => {
    const calendar = guide({
      id: 'calendar',
      match: { hosts: ['mail.example.com'], paths: ['/calendar'] },
    });
    const mail = guide();
    const guides = [calendar, mail];
    expect(guideFor(guides, 'https://mail.example.com/calendar/view')?.id).toBe('calendar');
    expect(guideFor(guides, 'https://mail.example.com/inbox')?.id).toBe('mail');
    expect(guideFor(guides, 'https://other.example/')).toBeNull();
    expect(guideFor(guides, undefined)).toBeNull();
    expect(guideFor(guides, '')).toBeNull();
  });
});

describe('defineSiteGuide', () => {
  it('refuses malformed guides with what is wrong', () => {
    expect(() => guide({ id: 'Not A Slug' })).toThrow(/slug/);
    expect(() => guide({ text: 'short' })).toThrow(/characters/);
    expect(() => guide({ text: 'x'.repeat(GUIDE_TEXT_BOUNDS.max + 1) })).toThrow(/characters/);
    expect(() => guide({ match: { hosts: [] } })).toThrow(/no hosts/);
    expect(() => guide({ match: { hosts: ['*.example.com'] } })).toThrow(/hostname/);
    expect(() => guide({ match: { hosts: ['Mail.example.com'] } })).toThrow(/hostname/);
    expect(() => guide({ match: { hosts: ['localhost'] } })).toThrow(/hostname/);
    expect(() => guide({ match: { hosts: ['co.uk'], subdomains: true } })).toThrow(/suffix/);
    expect(() => guide({ match: { hosts: ['a.example'], paths: ['docs'] } })).toThrow(/prefix/);
  });

  it('accepts a guide at the bounds', () => {
    expect(guide({ text: 'x'.repeat(GUIDE_TEXT_BOUNDS.max) }).text).toHaveLength(
      GUIDE_TEXT_BOUNDS.max,
    );
  });
});

describe('checkSiteGuides', () => {
  it('refuses a repeated id and a list over the bounds', () => {
    expect(() => checkSiteGuides([guide(), guide()])).toThrow(/twice/);
    const many = Array.from({ length: 121 }, (_, index) => guide({ id: `g${index}` }));
    expect(() => checkSiteGuides(many)).toThrow(/Too many/);
  });
});
