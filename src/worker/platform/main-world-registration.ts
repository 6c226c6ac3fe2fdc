// ## Owns
// The dynamic MAIN-world content script registration and injection into tabs that
// were open before the worker (or the extension) started.
// ## Why
// Chromium keeps dynamic registrations across worker restarts and browser starts,
// including stale ones from an older build (wrong files, order, world or runAt).
// So every fresh worker instance repairs the registration instead of trusting it,
// and tabs loaded before an install or update get the scripts injected directly.
import { TYPST_MATCH_PATTERN } from '../../sites/typst/typst-site';

export const MAIN_SCRIPT_ID = 'side-agent-main';
/** Build outputs (see src/entrypoints); WXT names content scripts by entry name. */
export const MAIN_WORLD_FILES = ['page-main.js'] as const;
export const ISOLATED_FILES = ['content-scripts/isolated.js'] as const;

type Registered = chrome.scripting.RegisteredContentScript;

export const desiredMainRegistration: Registered = {
  id: MAIN_SCRIPT_ID,
  matches: [TYPST_MATCH_PATTERN],
  js: [...MAIN_WORLD_FILES],
  world: 'MAIN',
  runAt: 'document_start',
  allFrames: false,
  persistAcrossSessions: true,
};

/** True when a registration differs from what this build needs. */
export function isStaleRegistration(existing: Registered): boolean {
  const want = desiredMainRegistration;
  const same = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
    JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
  return (
    !same(existing.js, want.js) ||
    !same(existing.matches, want.matches) ||
    existing.world !== want.world ||
    existing.runAt !== want.runAt ||
    (existing.allFrames ?? false) !== want.allFrames ||
    (existing.persistAcrossSessions ?? true) !== want.persistAcrossSessions
  );
}

export type RegistrationOutcome = 'registered' | 'kept' | 'repaired';

/** Makes the MAIN-world registration exactly `desiredMainRegistration`. */
export async function ensureMainWorldRegistration(): Promise<RegistrationOutcome> {
  const existing = await chrome.scripting.getRegisteredContentScripts({ ids: [MAIN_SCRIPT_ID] });
  const current = existing[0];
  if (current && !isStaleRegistration(current)) return 'kept';
  // Unregister and register again rather than update: an update cannot change
  // every field on every browser version, and registering an id twice throws.
  if (current) await chrome.scripting.unregisterContentScripts({ ids: [MAIN_SCRIPT_ID] });
  await chrome.scripting.registerContentScripts([desiredMainRegistration]);
  return current ? 'repaired' : 'registered';
}

export interface InjectionReport {
  readonly tabId: number;
  readonly ok: boolean;
  readonly error?: string;
}

/**
 * Injects the isolated relay and the MAIN runtime into already-open typst.app tabs.
 * Both scripts are idempotent, so a tab that already runs them is unaffected.
 * Per-tab failures (a discarded tab, an error page) are reported, never thrown.
 */
export async function injectIntoOpenTabs(): Promise<InjectionReport[]> {
  const tabs = await chrome.tabs.query({ url: TYPST_MATCH_PATTERN });
  return Promise.all(
    tabs.map(async (tab): Promise<InjectionReport> => {
      const tabId = tab.id ?? -1;
      try {
        await chrome.scripting.executeScript({ target: { tabId }, files: [...ISOLATED_FILES] });
        await chrome.scripting.executeScript({
          target: { tabId },
          files: [...MAIN_WORLD_FILES],
          world: 'MAIN',
        });
        return { tabId, ok: true };
      } catch (error) {
        return { tabId, ok: false, error: error instanceof Error ? error.message : String(error) };
      }
    }),
  );
}
