// ## Owns
// The site registry: every site integration, most specific first (the first site
// whose URLs match serves a tab). Adding a site is its folder under src/sites/ plus
// one line here; each realm finds the site's parts by their file names
// (`<id>/worker/<id>.worker.ts`, `<id>/page/<id>.page.ts`), and
// test/unit/architecture.test.ts checks that every part is there and that no file
// outside a site's folder names it.
import type { SiteDefinition } from './site-contract';
import { typstSite } from './typst/typst.site';
import { webSite } from './web/web.site';

export const SITES = [typstSite, webSite] as const;

export type RegisteredSite = (typeof SITES)[number];

/** The site serving `url`, or null (browser pages, files, unknown schemes). */
export function siteForUrl(url: string | undefined): SiteDefinition | null {
  if (!url) return null;
  return SITES.find((site) => site.urls.matches(url)) ?? null;
}

/** The registered site with this id, or null. */
export function siteById(id: string): SiteDefinition | null {
  return SITES.find((site) => site.id === id) ?? null;
}
