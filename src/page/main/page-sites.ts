// ## Owns
// The MAIN-world page parts of the registered sites, found by file name: a site whose
// page part runs in the MAIN world has `src/sites/<id>/page/<id>.page.ts` exporting
// `pageSite`. A site that needs the MAIN world but has no part is a startup error (and
// a failing architecture test).
import type { SiteDefinition } from '../../sites/site-contract';
import { SITES } from '../../sites/sites';
import type { PageSite } from '../kit/page-site';

const modules = import.meta.glob<PageSite>('../../sites/*/page/*.page.ts', {
  eager: true,
  import: 'pageSite',
});

function partOf(site: SiteDefinition): PageSite {
  const path = `../../sites/${site.id}/page/${site.id}.page.ts`;
  const part = modules[path];
  if (!part || part.site !== site) throw new Error(`Site ${site.id} has no page part at ${path}.`);
  return part;
}

/** The MAIN-world parts, in registry order. */
export const PAGE_SITES: readonly PageSite[] = Object.freeze(
  SITES.filter((site) => site.mainWorld).map(partOf),
);
