// ## Owns
// Which sites of unread frames the panel offers the person to allow ("Also allow
// <host>"): http(s) frames only, never a human check (those are the person's to
// solve, not ours to read), only sites the access rule refuses for want of the
// person's grant, each host once per run and at most MAX_FRAME_SITES per run.
// ## Why the run remembers what it offered
// A run observes many times; the offer is one line per host under the activity,
// so a host already offered is not sent again.
import {
  MAX_FRAME_SITE_OFFERS,
  type FrameSiteOffer,
} from '../../../../shared/protocol/run-messages';
import { mayBridgeRun, type AccessFacts } from '../../../../worker/site-access/bridge-access';
import { hostPatternOf, isPatternGranted } from '../../../../worker/site-access/host-patterns';
import { currentAccessFacts } from '../../../../worker/site-access/current-access';
import { humanCheckOf } from './frame-note';

/** Hosts one run offers at most. */
export const MAX_FRAME_SITES = MAX_FRAME_SITE_OFFERS;
/** Runs whose offers are remembered; older ones are forgotten first. */
const REMEMBERED_RUNS = 32;

function frameOrigin(src: string): URL | null {
  try {
    const url = new URL(src);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The hosts among `srcs` (addresses of frames left unread) to offer now: not yet in
 * `offered`, whose site the person has not allowed on this tab, bounded so the run
 * offers at most MAX_FRAME_SITES in all.
 */
export function frameSitesToOffer(
  srcs: readonly string[],
  tab: { readonly tabId: number; readonly topUrl: string },
  facts: AccessFacts,
  offered: ReadonlySet<string> = new Set(),
): FrameSiteOffer[] {
  const offers: FrameSiteOffer[] = [];
  // A tab whose own page is not allowed shows no tree, so it offers nothing either.
  if (!mayBridgeRun(tab, facts).run) return offers;
  for (const src of srcs) {
    if (offered.size + offers.length >= MAX_FRAME_SITES) break;
    const url = frameOrigin(src);
    const pattern = url ? hostPatternOf(url.origin) : null;
    if (!url || !pattern || humanCheckOf(src) !== null) continue;
    const host = url.hostname;
    if (offered.has(host) || offers.some((offer) => offer.host === host)) continue;
    const verdict = mayBridgeRun({ ...tab, frameOrigin: url.origin }, facts);
    if (verdict.run || verdict.reason !== 'not-allowed') continue;
    offers.push({ host, pattern, browserGranted: isPatternGranted(facts.browserOrigins, pattern) });
  }
  return offers;
}

/** The hosts each recent run was offered. */
export function createFrameSiteBook() {
  const runs = new Map<string, Set<string>>();
  return {
    offered(runId: string): ReadonlySet<string> {
      return runs.get(runId) ?? new Set();
    },
    add(runId: string, hosts: readonly string[]): void {
      const seen = runs.get(runId) ?? new Set<string>();
      runs.delete(runId);
      for (const host of hosts) seen.add(host);
      runs.set(runId, seen);
      while (runs.size > REMEMBERED_RUNS) {
        const oldest = runs.keys().next().value;
        if (oldest === undefined) break;
        runs.delete(oldest);
      }
    },
  };
}

const book = createFrameSiteBook();

/**
 * The hosts a run's observation offers now (see frameSitesToOffer), remembered as
 * offered; none where site access has no facts to decide with.
 */
export async function offerFrameSites(
  runId: string,
  tab: { readonly tabId: number; readonly topUrl: string },
  srcs: readonly string[],
): Promise<FrameSiteOffer[]> {
  if (srcs.length === 0) return [];
  const facts = await currentAccessFacts();
  if (!facts) return [];
  const offers = frameSitesToOffer(srcs, tab, facts, book.offered(runId));
  book.add(
    runId,
    offers.map((offer) => offer.host),
  );
  return offers;
}
