// The table each shipped site guide is tested against (site-guides.test.ts): URLs
// of its sites it must cover, and URLs it must not, besides the look-alikes the test
// derives from every host.

/** One guide's rows. */
export interface Rows {
  readonly hits: readonly string[];
  readonly misses: readonly string[];
}

export const GUIDE_TABLE: Record<string, Rows> = {
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
