// ## Owns
// Getting the bridge onto pages: the dynamic content-script registrations, injection
// into tabs that were open before the worker (or the extension) started, and
// injection on demand into a tab of a site the person allowed. Which pages get what
// comes from the site registry: `install` sites have host access and their isolated
// relay in the manifest; `grant` sites get the relay only on origins the person
// granted; sites whose page part needs the MAIN world also get the MAIN runtime.
// ## Why every start repairs the registrations
// Chromium keeps dynamic registrations across worker restarts and browser starts,
// including stale ones from an older build (wrong files, order, world or runAt). So
// every fresh worker instance makes them exactly what this build needs, and tabs
// loaded before an install or update get the scripts injected directly.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { SiteDefinition } from '../../sites/site-contract';
import { SITES, siteForUrl } from '../../sites/sites';

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

/** The relay on every origin the person granted to a `grant` site, in all frames it asks for. */
export function desiredGrantedRegistration(grantedOrigins: readonly string[]): Registered | null {
  const matches = grantedOrigins.filter((pattern) => {
    const site = siteForUrl(pattern.replace(/\*$/, ''));
    return site !== null && site.access === 'grant';
  });
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
 * are the match patterns the person allowed the agent on; a host permission granted
 * for another reason (a model endpoint) never puts the relay on that site's pages.
 */
export async function ensureMainWorldRegistration(allowedOrigins: readonly string[] = []): Promise<{
  main: RegistrationOutcome;
  granted: RegistrationOutcome;
}> {
  const { origins = [] } = await chrome.permissions.getAll();
  const granted = allowedOrigins.filter((pattern) => origins.includes(pattern));
  return {
    main: await ensureOne(MAIN_SCRIPT_ID, desiredMainRegistration()),
    granted: await ensureOne(GRANTED_SCRIPT_ID, desiredGrantedRegistration(granted)),
  };
}

export interface InjectionReport {
  readonly tabId: number;
  readonly ok: boolean;
  readonly error?: string;
}

async function inject(tabId: number, site: SiteDefinition): Promise<void> {
  const allFrames = site.frames === 'all';
  await chrome.scripting.executeScript({
    target: { tabId, allFrames },
    files: [...ISOLATED_FILES],
  });
  if (site.mainWorld) {
    await chrome.scripting.executeScript({
      target: { tabId, allFrames },
      files: [...MAIN_WORLD_FILES],
      world: 'MAIN',
    });
  }
}

/** Whether the person granted this extension host access to `url`'s origin. */
export async function isGranted(url: string): Promise<boolean> {
  const origin = new URL(url).origin;
  return chrome.permissions.contains({ origins: [`${origin}/*`] });
}

/**
 * Injects the bridge into already-open tabs: every tab of an `install` site, and tabs
 * of granted origins for `grant` sites. Both scripts are idempotent, so a tab that
 * already runs them is unaffected. Per-tab failures (a discarded tab, an error page)
 * are reported, never thrown.
 */
export async function injectIntoOpenTabs(): Promise<InjectionReport[]> {
  const tabs = await chrome.tabs.query({});
  const reports = await Promise.all(
    tabs.map(async (tab): Promise<InjectionReport | null> => {
      const tabId = tab.id ?? -1;
      const site = siteForUrl(tab.url);
      if (!site || tabId < 0) return null;
      try {
        if (site.access === 'grant' && !(await isGranted(tab.url ?? ''))) return null;
        await inject(tabId, site);
        return { tabId, ok: true };
      } catch (error) {
        return { tabId, ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
  return reports.filter((report): report is InjectionReport => report !== null);
}

/**
 * Injects the bridge into one tab on demand (after the person allowed its site).
 * Refuses with PAGE_NOT_GRANTED while the origin is not granted and SITE_NOT_SUPPORTED
 * where no site serves the page.
 */
export async function injectBridge(tabId: number): Promise<void> {
  const tab = await chrome.tabs.get(tabId);
  const site = siteForUrl(tab.url);
  if (!site)
    throw new ProtocolFailure('SITE_NOT_SUPPORTED', 'Side Agent cannot work on this page.');
  if (site.access === 'grant' && !(await isGranted(tab.url ?? ''))) {
    throw new ProtocolFailure('PAGE_NOT_GRANTED', 'Allow Side Agent on this site first.');
  }
  await inject(tabId, site);
}
