// ## Owns
// Getting the bridge onto pages: the dynamic content-script registrations, and
// injection into the frames of a tab (tabs that were open before the worker or the
// extension started, and a tab the person just allowed). Which pages get what comes
// from the site registry and the one access decision (src/worker/site-access): `install`
// sites have host access and their isolated relay in the manifest; `grant` sites get
// the relay only on host patterns the person allowed AND the browser grants; sites
// whose page part needs the MAIN world also get the MAIN runtime.
// ## Why every start repairs the registrations
// Chromium keeps dynamic registrations across worker restarts and browser starts,
// including stale ones from an older build (wrong files, order, world or runAt). So
// every fresh worker instance makes them exactly what this build needs, and tabs
// loaded before an install or update get the scripts injected directly.
import type { SiteDefinition } from '../../sites/site-contract';
import { SITES, siteForUrl } from '../../sites/sites';
import { isPatternGranted } from '../site-access/host-patterns';

export const MAIN_SCRIPT_ID = 'side-agent-main';
export const GRANTED_SCRIPT_ID = 'side-agent-granted';
/** Build outputs (see src/entrypoints); WXT names content scripts by entry name. */
export const MAIN_WORLD_FILES = ['page-main.js'] as const;
export const ISOLATED_FILES = ['content-scripts/isolated.js'] as const;

type Registered = chrome.scripting.RegisteredContentScript;

const installSites = () => SITES.filter((site) => site.access === 'install');
const grantSites = () => SITES.filter((site) => site.access === 'grant');

/** The MAIN-world registration of the sites that need it and come with the install. */
export function desiredMainRegistration(): Registered {
  return {
    id: MAIN_SCRIPT_ID,
    matches: installSites()
      .filter((site) => site.mainWorld)
      .flatMap((site) => [...site.urls.patterns]),
    js: [...MAIN_WORLD_FILES],
    world: 'MAIN',
    runAt: 'document_start',
    allFrames: false,
    persistAcrossSessions: true,
  };
}

/** Whether a `grant` site serves the pages of `pattern` (one exact host, never a wildcard). */
function servedByGrantSite(pattern: string): boolean {
  if (pattern.indexOf('*') !== pattern.length - 1) return false;
  return siteForUrl(pattern.replace(/\*$/, ''))?.access === 'grant';
}

/**
 * The relay on every host pattern the person allowed for a `grant` site (already
 * intersected with what the browser grants), in all frames where the site asks.
 */
export function desiredGrantedRegistration(grantedOrigins: readonly string[]): Registered | null {
  const matches = grantedOrigins.filter(servedByGrantSite);
  if (matches.length === 0) return null;
  const allFrames = grantSites().some((site) => site.frames === 'all');
  return {
    id: GRANTED_SCRIPT_ID,
    matches,
    js: [...ISOLATED_FILES],
    world: 'ISOLATED',
    runAt: 'document_start',
    allFrames,
    ...(allFrames ? { matchOriginAsFallback: true } : {}),
    persistAcrossSessions: true,
  } as Registered;
}

/** True when a registration differs from what this build needs. */
export function isStaleRegistration(existing: Registered, want: Registered): boolean {
  const same = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
    JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
  return (
    !same(existing.js, want.js) ||
    !same(existing.matches, want.matches) ||
    !same(existing.excludeMatches, want.excludeMatches) ||
    (existing.world ?? 'ISOLATED') !== (want.world ?? 'ISOLATED') ||
    existing.runAt !== want.runAt ||
    (existing.allFrames ?? false) !== (want.allFrames ?? false) ||
    (existing.persistAcrossSessions ?? true) !== want.persistAcrossSessions
  );
}

export type RegistrationOutcome = 'registered' | 'kept' | 'repaired' | 'removed' | 'none';

async function ensureOne(id: string, want: Registered | null): Promise<RegistrationOutcome> {
  const existing = await chrome.scripting.getRegisteredContentScripts({ ids: [id] });
  const current = existing[0];
  if (!want || want.matches?.length === 0) {
    if (!current) return 'none';
    await chrome.scripting.unregisterContentScripts({ ids: [id] });
    return 'removed';
  }
  if (current && !isStaleRegistration(current, want)) return 'kept';
  // Unregister and register again rather than update: an update cannot change
  // every field on every browser version, and registering an id twice throws.
  if (current) await chrome.scripting.unregisterContentScripts({ ids: [id] });
  await chrome.scripting.registerContentScripts([want]);
  return current ? 'repaired' : 'registered';
}

/**
 * Makes both dynamic registrations exactly what this build needs. `allowedOrigins`
 * are the host patterns the person allowed the agent on; only those the browser also
 * grants are registered, and a host permission granted for another reason (a model
 * endpoint, an MCP server) never puts the relay on that site's pages.
 */
export async function ensureMainWorldRegistration(allowedOrigins: readonly string[] = []): Promise<{
  main: RegistrationOutcome;
  granted: RegistrationOutcome;
}> {
  const { origins = [] } = await chrome.permissions.getAll();
  const granted = allowedOrigins.filter((pattern) => isPatternGranted(origins, pattern));
  return {
    main: await ensureOne(MAIN_SCRIPT_ID, desiredMainRegistration()),
    granted: await ensureOne(GRANTED_SCRIPT_ID, desiredGrantedRegistration(granted)),
  };
}

/** Where the bridge goes in one tab: its site and the frames the access decision allows. */
export interface BridgePlacement {
  readonly site: SiteDefinition;
  /** Frame ids, or `all` for an `install` site whose bridge covers every frame. */
  readonly frameIds: readonly number[] | 'all';
}

export interface InjectionReport {
  readonly tabId: number;
  readonly ok: boolean;
  readonly error?: string;
}

async function injectInto(
  target: chrome.scripting.InjectionTarget,
  site: SiteDefinition,
): Promise<void> {
  await chrome.scripting.executeScript({ target, files: [...ISOLATED_FILES] });
  if (site.mainWorld)
    await chrome.scripting.executeScript({ target, files: [...MAIN_WORLD_FILES], world: 'MAIN' });
}

/**
 * Injects the bridge into the placement's frames of `tabId`. Both scripts are
 * idempotent, so a frame that already runs them is unaffected. Each frame is injected
 * on its own, so one frame that navigated away does not keep the others bare; a
 * failure in the top frame is thrown, subframe failures are not.
 */
export async function injectFrames(tabId: number, placement: BridgePlacement): Promise<void> {
  const { site, frameIds } = placement;
  if (frameIds === 'all') return injectInto({ tabId, allFrames: true }, site);
  const outcomes = await Promise.allSettled(
    frameIds.map(async (frameId) => {
      await injectInto({ tabId, frameIds: [frameId] }, site);
      return frameId;
    }),
  );
  const top = frameIds.indexOf(0);
  const topOutcome = top < 0 ? undefined : outcomes[top];
  if (topOutcome?.status === 'rejected') throw topOutcome.reason;
}

/**
 * Injects the bridge into already-open tabs, each where `plan` places it (null: not
 * at all). Per-tab failures (a discarded tab, an error page) are reported, never thrown.
 */
export async function injectIntoOpenTabs(
  plan: (tabId: number, url: string) => Promise<BridgePlacement | null>,
): Promise<InjectionReport[]> {
  const tabs = await chrome.tabs.query({});
  const reports = await Promise.all(
    tabs.map(async (tab): Promise<InjectionReport | null> => {
      const tabId = tab.id ?? -1;
      if (tabId < 0 || !tab.url) return null;
      try {
        const placement = await plan(tabId, tab.url);
        if (!placement) return null;
        await injectFrames(tabId, placement);
        return { tabId, ok: true };
      } catch (error) {
        return { tabId, ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  return reports.filter((report): report is InjectionReport => report !== null);
}
