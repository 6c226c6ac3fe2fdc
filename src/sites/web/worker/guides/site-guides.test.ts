// Every shipped site guide against its own table: the URLs it must cover reach it
// (and no guide listed before it steals them), the URLs it must not cover never
// reach it, and every host it names refuses the usual look-alikes. Also the folder
// rule: each guide file is registered, has rows here and stays within the bounds.
import { describe, expect, it } from 'vitest';
import {
  GUIDE_TEXT_BOUNDS,
  MAX_SITE_GUIDE_TOTAL_CHARS,
  guideFor,
  type SiteGuide,
} from '../../../../worker/sites/site-guide';
import { SITE_GUIDES } from './site-guides';

interface Rows {
  readonly hits: readonly string[];
  readonly misses: readonly string[];
}

const TABLE: Record<string, Rows> = {
  stripe: {
    hits: ['https://dashboard.stripe.com/payments', 'https://dashboard.stripe.com/test/customers'],
    misses: ['https://stripe.com/pricing', 'https://dashboard.stripe.com.attacker.example/'],
  },
  paypal: {
    hits: ['https://www.paypal.com/myaccount/summary', 'https://paypal.com/signin'],
    misses: ['https://paypal.com.secure-login.example/', 'https://www.paypal-login.com/'],
  },
  chase: {
    hits: ['https://www.chase.com/', 'https://secure.chase.com/web/auth/dashboard'],
    misses: ['https://chase.com.attacker.example/', 'https://www.chasebank.example/'],
  },
  'bank-of-america': {
    hits: ['https://www.bankofamerica.com/', 'https://secure.bankofamerica.com/login'],
    misses: ['https://bankofamerica.com-verify.example/', 'http://www.bankofamerica.com/'],
  },
  'wells-fargo': {
    hits: ['https://www.wellsfargo.com/', 'https://connect.secure.wellsfargo.com/auth/login'],
    misses: ['https://wellsfargo.com.attacker.example/', 'https://www.wells-fargo.com/'],
  },
  coinbase: {
    hits: ['https://www.coinbase.com/home', 'https://coinbase.com/price/bitcoin'],
    misses: ['https://coinbase.com.wallet-verify.example/', 'https://www.coinbase.example/'],
  },
  gmail: {
    hits: ['https://mail.google.com/mail/u/0/#inbox', 'https://mail.google.com/'],
    misses: [
      'https://evil-mail.google.com.attacker.example/',
      'https://mail.google.co/',
      'https://www.google.com/gmail/about/',
    ],
  },
  'google-calendar': {
    hits: ['https://calendar.google.com/calendar/u/0/r/week'],
    misses: ['https://calendar.google.com.attacker.example/', 'https://calendar.example.com/'],
  },
  'google-docs': {
    hits: ['https://docs.google.com/document/d/1abc/edit', 'https://docs.google.com/document/u/0/'],
    misses: [
      'https://docs.google.com/spreadsheets/d/1abc/edit',
      'https://docs.google.com/forms/d/1',
    ],
  },
  'google-sheets': {
    hits: ['https://docs.google.com/spreadsheets/d/1abc/edit#gid=0'],
    misses: ['https://docs.google.com/document/d/1abc/edit', 'https://sheets.example.com/'],
  },
  'google-drive': {
    hits: ['https://drive.google.com/drive/my-drive', 'https://drive.google.com/drive/u/1/recent'],
    misses: ['https://drive.google.com.attacker.example/', 'https://docs.google.com/document/d/1'],
  },
  'google-maps': {
    hits: [
      'https://www.google.com/maps/place/Paris',
      'https://maps.google.com/maps?q=Paris',
      'https://google.com/maps',
    ],
    misses: ['https://www.google.com/search?q=maps', 'https://www.google.com/mapsearch'],
  },
  'outlook-calendar': {
    hits: ['https://outlook.live.com/calendar/0/view/week', 'https://outlook.office.com/calendar/'],
    misses: ['https://outlook.live.com/mail/0/', 'https://outlook.office.com/calendars'],
  },
  outlook: {
    hits: ['https://outlook.live.com/mail/0/', 'https://outlook.office365.com/mail/inbox'],
    misses: ['https://outlook.com.attacker.example/', 'https://outlook.example.com/mail/'],
  },
  notion: {
    hits: [
      'https://www.notion.so/Team-Home-123',
      'https://acme.notion.site/Docs-1',
      'https://www.notion.com/',
    ],
    misses: ['https://notion.so.attacker.example/', 'https://www.notion-app.example/'],
  },
  github: {
    hits: [
      'https://github.com/owner/repo/pull/1/files',
      'https://www.github.com/',
      'https://gist.github.com/u/1',
    ],
    misses: [
      'https://github.example.com/owner/repo',
      'https://owner.github.io/',
      'https://raw.githubusercontent.com/o/r/main/a',
      'https://docs.github.com/en',
    ],
  },
  gitlab: {
    hits: ['https://gitlab.com/group/project/-/merge_requests/1'],
    misses: ['https://gitlab.example.com/group/project', 'https://gitlab.com.attacker.example/'],
  },
  jira: {
    hits: [
      'https://acme.atlassian.net/browse/ABC-123',
      'https://acme.atlassian.net/jira/software/projects/ABC/boards/1',
    ],
    misses: [
      'https://acme.atlassian.net/wiki/spaces/ENG',
      'https://jira.acme.example/browse/ABC-1',
    ],
  },
  confluence: {
    hits: ['https://acme.atlassian.net/wiki/spaces/ENG/pages/1/Home'],
    misses: ['https://acme.atlassian.net/browse/ABC-1', 'https://acme.atlassian.net/wikipedia'],
  },
  slack: {
    hits: ['https://app.slack.com/client/T123/C456', 'https://acme.slack.com/archives/C456'],
    misses: ['https://slack.com.attacker.example/', 'https://slack-files.example/'],
  },
  amazon: {
    hits: [
      'https://www.amazon.com/dp/B000000000',
      'https://www.amazon.co.uk/s?k=kettle',
      'https://amazon.de/',
    ],
    misses: [
      'https://aws.amazon.com/',
      'https://amazon.com.attacker.example/',
      'https://www.amazon-deals.example/',
      'https://sellercentral.amazon.com/',
    ],
  },
  ebay: {
    hits: ['https://www.ebay.com/itm/1234', 'https://www.ebay.de/sch/i.html?_nkw=lamp'],
    misses: ['https://ebay.com.attacker.example/', 'https://www.ebay-motors.example/'],
  },
  booking: {
    hits: ['https://www.booking.com/hotel/fr/example.html', 'https://secure.booking.com/book.html'],
    misses: ['https://booking.com.attacker.example/', 'https://www.bookings.example/'],
  },
  airbnb: {
    hits: ['https://www.airbnb.com/rooms/1', 'https://www.airbnb.co.uk/s/London/homes'],
    misses: ['https://airbnb.com.attacker.example/', 'https://www.airbnb.example/'],
  },
  x: {
    hits: ['https://x.com/home', 'https://twitter.com/someone/status/1', 'https://mobile.x.com/'],
    misses: ['https://x.com.attacker.example/', 'https://xx.com/', 'https://twitter.example/'],
  },
  linkedin: {
    hits: ['https://www.linkedin.com/in/someone/', 'https://linkedin.com/jobs/'],
    misses: ['https://linkedin.com.attacker.example/', 'https://www.linked-in.example/'],
  },
  reddit: {
    hits: ['https://www.reddit.com/r/typst/', 'https://old.reddit.com/r/typst/comments/1'],
    misses: ['https://reddit.com.attacker.example/', 'https://www.redditmedia.example/'],
  },
  youtube: {
    hits: ['https://www.youtube.com/watch?v=abc', 'https://m.youtube.com/'],
    misses: ['https://youtube.com.attacker.example/', 'https://www.youtube-dl.example/'],
  },
  facebook: {
    hits: ['https://www.facebook.com/marketplace/', 'https://m.facebook.com/'],
    misses: ['https://facebook.com.attacker.example/', 'https://www.faceb00k.com/'],
  },
  instagram: {
    hits: ['https://www.instagram.com/someone/'],
    misses: ['https://instagram.com.attacker.example/', 'https://www.instagram.example/'],
  },
  whatsapp: {
    hits: ['https://web.whatsapp.com/'],
    misses: ['https://www.whatsapp.com/download', 'https://web.whatsapp.com.attacker.example/'],
  },
  'stack-exchange': {
    hits: [
      'https://stackoverflow.com/questions/1/how',
      'https://unix.stackexchange.com/questions/2',
      'https://superuser.com/q/3',
    ],
    misses: ['https://stackoverflow.com.attacker.example/', 'https://stack-overflow.example/'],
  },
  wikipedia: {
    hits: ['https://en.wikipedia.org/wiki/Typst', 'https://de.m.wikipedia.org/wiki/Berlin'],
    misses: ['https://wikipedia.org.attacker.example/', 'https://en.wikipedia.com/wiki/Typst'],
  },
  'hacker-news': {
    hits: ['https://news.ycombinator.com/', 'https://news.ycombinator.com/item?id=1'],
    misses: ['https://ycombinator.com/', 'https://news.ycombinator.com.attacker.example/'],
  },
};

/** A Latin letter swapped for a Cyrillic look-alike, as a homograph domain does. */
const homograph = (host: string) =>
  host.replace(/[aeo]/, (letter) => ({ a: 'а', e: 'е', o: 'о' })[letter] ?? letter);

/** The look-alikes every host must refuse, whatever its guide. */
function lookAlikes(host: string): string[] {
  return [
    `http://${host}/`,
    `https://${host}:8443/`,
    `https://${host}.attacker.example/`,
    `https://evil-${host}/`,
    `https://x${host}/`,
    `https://${host}@attacker.example/`,
    `https://attacker.example/${host}/`,
    `https://${homograph(host)}/`,
  ];
}

const byId = new Map(SITE_GUIDES.map((guide) => [guide.id, guide]));

describe('site guides', () => {
  it('has a table for every guide and no table for a guide that does not exist', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...byId.keys()].sort());
    expect(SITE_GUIDES.length).toBeGreaterThanOrEqual(25);
  });

  it('registers every guide file of the folder', () => {
    const files = import.meta.glob<SiteGuide>(['./*.ts', '!./*.test.ts', '!./site-guides.ts'], {
      eager: true,
    });
    const exported = Object.values(files).flatMap((module) => Object.values(module));
    expect(exported.length).toBe(SITE_GUIDES.length);
    for (const guide of exported) expect(SITE_GUIDES).toContain(guide);
  });

  it.each(Object.entries(TABLE))('%s covers its sites and no others', (id, rows) => {
    for (const url of rows.hits) expect(guideFor(SITE_GUIDES, url)?.id, url).toBe(id);
    for (const url of rows.misses) expect(guideFor(SITE_GUIDES, url)?.id, url).not.toBe(id);
    for (const host of byId.get(id)?.match.hosts ?? [])
      for (const url of lookAlikes(host)) expect(guideFor(SITE_GUIDES, url), url).toBeNull();
  });

  it('keeps each text within its bounds and all of them within the total', () => {
    for (const guide of SITE_GUIDES) {
      expect(guide.text.length, guide.id).toBeGreaterThanOrEqual(GUIDE_TEXT_BOUNDS.min);
      expect(guide.text.length, guide.id).toBeLessThanOrEqual(GUIDE_TEXT_BOUNDS.max);
    }
    const total = SITE_GUIDES.reduce((sum, guide) => sum + guide.text.length, 0);
    expect(total).toBeLessThanOrEqual(MAX_SITE_GUIDE_TOTAL_CHARS);
  });

  it('asks for confirmation, never for more power, in every guide', () => {
    for (const guide of SITE_GUIDES) {
      // Guidance narrows what the agent does; a guide never tells it to skip asking.
      expect(guide.text, guide.id).not.toMatch(
        /without (asking|confirm)|no need to (ask|confirm)|ignore (the|your) rules/i,
      );
    }
    const finance = SITE_GUIDES.filter((guide) => guide.category === 'finance').map(
      (guide) => guide.id,
    );
    expect(finance).toEqual(
      expect.arrayContaining(['stripe', 'paypal', 'chase', 'bank-of-america', 'wells-fargo']),
    );
  });
});
