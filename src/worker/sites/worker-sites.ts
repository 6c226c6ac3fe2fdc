// ## Owns
// The worker parts of the registered sites, found by file name: every site in
// src/sites/sites.ts has `src/sites/<id>/worker/<id>.worker.ts` exporting `workerSite`.
// The order is the registry's. A registered site without its worker part is a
// startup error (and a failing architecture test), never a silently missing face.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { SiteDefinition } from '../../sites/site-contract';
import { SITES } from '../../sites/sites';
import type { ToolDefinition } from '../tools/define-tool';
import type { SiteGuide } from './site-guide';
import type { WorkerSite } from './worker-site';

const modules = import.meta.glob<WorkerSite>('../../sites/*/worker/*.worker.ts', {
  eager: true,
  import: 'workerSite',
});

function partOf(site: SiteDefinition): WorkerSite {
  const path = `../../sites/${site.id}/worker/${site.id}.worker.ts`;
  const part = modules[path];
  if (!part || part.site !== site)
    throw new Error(`Site ${site.id} has no worker part at ${path}.`);
  return part;
}

export const WORKER_SITES: readonly WorkerSite[] = Object.freeze(SITES.map(partOf));

/** The worker part of a registered site; UNKNOWN_SITE for any other id. */
export function workerSiteOf(siteId: string): WorkerSite {
  const part = WORKER_SITES.find((candidate) => candidate.site.id === siteId);
  if (!part)
    throw new ProtocolFailure(
      'UNKNOWN_SITE',
      'This chat belongs to a site this version does not know.',
      { siteId: siteId.slice(0, 32) },
    );
  return part;
}

/** Every site's tools, each marked as offered on its own site's runs only. */
export function siteTools(): ToolDefinition<unknown>[] {
  return WORKER_SITES.flatMap((part) =>
    part.tools.map((tool) => ({ ...tool, sites: [part.site.id] })),
  );
}

/** Every site's guides, in registry order (Settings lists them; ids are unique). */
export function allSiteGuides(): SiteGuide[] {
  return WORKER_SITES.flatMap((part) => part.guides ?? []);
}
