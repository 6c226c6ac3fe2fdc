// The site adapters the MAIN runtime can host, most specific first. Adding a site
// is adding its page folder plus one line here.
import { typstPageSite } from '../../sites/typst/page/typst-page-site';
import { webPageSite } from '../../sites/web/page/web-page-site';

export const pageSites = [typstPageSite, webPageSite] as const;
export type PageSite = (typeof pageSites)[number];

export function siteFor(url: string): PageSite {
  return pageSites.find((site) => site.matches(url)) ?? webPageSite;
}
