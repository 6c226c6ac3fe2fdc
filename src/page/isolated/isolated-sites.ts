// ## Owns
// The isolated-world parts of the registered sites, found by file name: a site whose
// page methods are answered in the content script's world has
// `src/sites/<id>/isolated/<id>.isolated.ts` exporting `isolatedSite`. Which frame a
// part serves is decided here too, from the site registry alone.
import { defineRequestChannel } from '../../shared/protocol/define-channel';
import { createRequestRouter } from '../../shared/protocol/router';
import type { SiteDefinition } from '../../sites/site-contract';
import { SITES, siteForUrl } from '../../sites/sites';
import type { IsolatedFrame, IsolatedSite } from '../kit/isolated-site';
import type { LocalPageMethods } from './relay';

const modules = import.meta.glob<IsolatedSite>('../../sites/*/isolated/*.isolated.ts', {
  eager: true,
  import: 'isolatedSite',
});

/** The isolated part of `site`, or null when it has none. */
export function isolatedPartOf(site: SiteDefinition): IsolatedSite | null {
  const part = modules[`../../sites/${site.id}/isolated/${site.id}.isolated.ts`];
  if (!part) return null;
  if (part.site !== site) throw new Error(`Site ${site.id}: its isolated part is another site's.`);
  return part;
}

/** Every registered site with an isolated part, in registry order. */
export const ISOLATED_SITES: readonly IsolatedSite[] = Object.freeze(
  SITES.map(isolatedPartOf).filter((part): part is IsolatedSite => part !== null),
);

/**
 * The site a frame belongs to. The top frame: the site serving its URL. A subframe:
 * the site serving its own URL when that site covers every frame; a frame without an
 * address of its own (about:blank, srcdoc, blob:) goes by the origin it inherited.
 */
export function siteForFrame(href: string, origin: string, isTop: boolean): SiteDefinition | null {
  if (isTop) return siteForUrl(href);
  const own = /^https?:/.test(href) ? href : `${origin}/`;
  const site = siteForUrl(own);
  return site?.frames === 'all' ? site : null;
}

/** Starts the isolated part of `site` in this frame, as the relay's local methods. */
export function startIsolatedPart(
  site: SiteDefinition,
  signal: AbortSignal,
  frame: IsolatedFrame,
): LocalPageMethods | null {
  const part = isolatedPartOf(site);
  if (!part) return null;
  const channel = defineRequestChannel('worker-to-page', ['worker'], site.pageMethods);
  const router = createRequestRouter(channel, part.start(signal, frame).handlers);
  return { handles: (type) => Object.hasOwn(site.pageMethods, type), router };
}
