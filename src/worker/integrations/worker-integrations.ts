// ## Owns
// The worker's one integration service over the browser's real APIs:
// chrome.storage.local for saved integrations, chrome.storage.session for the
// discovery cache (kept across worker restarts, dropped with the browser session)
// and the global fetch. Tests never come here; they inject areas and fetch.
import type { McpDiscovery } from './mcp/mcp-discovery';
import { createDiscoveryCache, createMemoryArea, type CacheArea } from './mcp/discovery-cache';
import { createIntegrationService, type IntegrationService } from './integration-service';
import { createIntegrationStore } from './integration-store';
import { restrictStorageToTrustedContexts } from '../platform/storage-access';

function chromeArea(area: chrome.storage.StorageArea | undefined): CacheArea {
  if (area === undefined) return createMemoryArea();
  // Saved integrations hold headers with secrets: nothing reads them before the worker
  // restricted storage to trusted contexts.
  return {
    get: async (key) => {
      await restrictStorageToTrustedContexts();
      return (await area.get(key))[key];
    },
    set: async (key, value) => {
      await restrictStorageToTrustedContexts();
      await area.set({ [key]: value });
    },
  };
}

let instance: IntegrationService | null = null;
let builtinNames: () => readonly string[] = () => [];

/**
 * Tell the service which names built-in tools use, so custom tools cannot take
 * them (the composition root calls this once; the registry refuses collisions too).
 */
export function setBuiltinToolNames(names: () => readonly string[]): void {
  builtinNames = names;
}

/** The worker's integration service, created on first use. */
export function getWorkerIntegrationService(): IntegrationService {
  instance ??= createIntegrationService({
    fetch: (input, init) => globalThis.fetch(input, init),
    store: createIntegrationStore(chromeArea(globalThis.chrome?.storage?.local)),
    cache: createDiscoveryCache<McpDiscovery>(chromeArea(globalThis.chrome?.storage?.session)),
    builtinNames: () => builtinNames(),
  });
  return instance;
}
