// ## Owns
// The web face's site guides (site adapters), one file each, in match order: the
// first guide whose rules fit a URL is the one a run gets, so a narrower guide (a
// path on a shared host) comes before a wider one on the same host. Adding a guide
// is its file, its entry here (import and list line) and its rows in
// __fixtures__/guide-table.ts; site-guides.test.ts fails until all three exist.
import { checkSiteGuides } from '../../../../worker/sites/site-guide';
import { stripeGuide } from './stripe';
import { paypalGuide } from './paypal';
import { chaseGuide } from './chase';
import { bankOfAmericaGuide } from './bank-of-america';
import { wellsFargoGuide } from './wells-fargo';
import { coinbaseGuide } from './coinbase';
import { gmailGuide } from './gmail';
import { googleCalendarGuide } from './google-calendar';
import { googleDocsGuide } from './google-docs';
import { googleSheetsGuide } from './google-sheets';
import { googleDriveGuide } from './google-drive';
import { googleMapsGuide } from './google-maps';
import { outlookCalendarGuide } from './outlook-calendar';
import { outlookGuide } from './outlook';
import { notionGuide } from './notion';
import { githubGuide } from './github';
import { gitlabGuide } from './gitlab';
import { jiraGuide } from './jira';
import { confluenceGuide } from './confluence';
import { slackGuide } from './slack';
import { amazonGuide } from './amazon';
import { ebayGuide } from './ebay';
import { bookingGuide } from './booking';
import { airbnbGuide } from './airbnb';
import { xGuide } from './x';
import { linkedinGuide } from './linkedin';
import { redditGuide } from './reddit';
import { youtubeGuide } from './youtube';
import { facebookGuide } from './facebook';
import { instagramGuide } from './instagram';
import { whatsappGuide } from './whatsapp';
import { stackExchangeGuide } from './stack-exchange';
import { wikipediaGuide } from './wikipedia';
import { hackerNewsGuide } from './hacker-news';

export const SITE_GUIDES = checkSiteGuides([
  stripeGuide,
  paypalGuide,
  chaseGuide,
  bankOfAmericaGuide,
  wellsFargoGuide,
  coinbaseGuide,
  gmailGuide,
  googleCalendarGuide,
  googleDocsGuide,
  googleSheetsGuide,
  googleDriveGuide,
  googleMapsGuide,
  outlookCalendarGuide,
  outlookGuide,
  notionGuide,
  githubGuide,
  gitlabGuide,
  jiraGuide,
  confluenceGuide,
  slackGuide,
  amazonGuide,
  ebayGuide,
  bookingGuide,
  airbnbGuide,
  xGuide,
  linkedinGuide,
  redditGuide,
  youtubeGuide,
  facebookGuide,
  instagramGuide,
  whatsappGuide,
  stackExchangeGuide,
  wikipediaGuide,
  hackerNewsGuide,
]);
