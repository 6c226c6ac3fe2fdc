// ## Owns
// The worker's access to chrome.storage.local: restricting it to trusted extension
// contexts at startup, and the KeyValueArea the settings store uses.
// ## Why
// Settings hold API keys. TRUSTED_CONTEXTS keeps content scripts (which run beside
// hostile pages) from reading them; they reach settings only through validated worker
// routes. Firefox has no setAccessLevel, where content scripts cannot be granted it anyway.
import type { KeyValueArea } from '../storage/key-value-area';

type AccessLevelArea = { setAccessLevel?: (options: { accessLevel: string }) => Promise<void> };

export type StorageRestriction = 'restricted' | 'unsupported' | 'failed';

let restriction: Promise<StorageRestriction> | null = null;

/**
 * Restricts chrome.storage.local to trusted contexts where supported, once per worker
 * instance; every reader of local storage awaits this first, so no key is read before
 * the restriction is in place. Never throws: the result says whether it is, for
 * diagnostics.
 */
export function restrictStorageToTrustedContexts(): Promise<StorageRestriction> {
  restriction ??= (async () => {
    const area = chrome.storage?.local as unknown as AccessLevelArea | undefined;
    if (typeof area?.setAccessLevel !== 'function') return 'unsupported';
    try {
      await area.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
      return 'restricted';
    } catch {
      return 'failed';
    }
  })();
  return restriction;
}

/** chrome.storage.local as a KeyValueArea, read only after the access restriction. */
export function createChromeLocalArea(): KeyValueArea {
  return {
    async get(key) {
      await restrictStorageToTrustedContexts();
      const items = await chrome.storage.local.get(key);
      return (items as Record<string, unknown>)[key];
    },
    async set(key, value) {
      await restrictStorageToTrustedContexts();
      await chrome.storage.local.set({ [key]: value });
    },
  };
}
