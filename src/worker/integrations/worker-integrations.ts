// ## Owns
// The worker's one integration service over the browser's real APIs:
// chrome.storage.local for saved integrations and MCP sign-ins,
// chrome.storage.session for the discovery cache (kept across worker restarts,
// dropped with the browser session), chrome.identity for the sign-in page, and the
// global fetch. Tests never come here; they inject areas, fetch and a launcher.
import { raceAbort, signalReason } from '../../shared/lib/abort';
import type { McpDiscovery } from './mcp/mcp-discovery';
import { createDiscoveryCache, createMemoryArea, type CacheArea } from './mcp/discovery-cache';
import { createIntegrationService, type IntegrationService } from './integration-service';
import { createIntegrationStore } from './integration-store';
import { IntegrationError } from './integration-error';
import { createMcpAuthStore, type McpAuthDeps } from './mcp/mcp-auth';
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

/**
 * chrome.identity runs the authorization page in its own window and hands back
 * the redirect to https://<extension-id>.chromiumapp.org/… (Firefox: its own
 * identity domain); the page never sees extension state.
 */
function identityAuth(local: CacheArea): McpAuthDeps | undefined {
  const identity = globalThis.chrome?.identity;
  if (identity?.launchWebAuthFlow === undefined) return undefined;
  return {
    store: createMcpAuthStore(local),
    redirectUrl: identity.getRedirectURL('mcp'),
    launch: async (url, signal) => {
      const returned = await raceAbort(
        // Closing the window and an authorization page that never redirects both reject.
        identity.launchWebAuthFlow({ url: url.href, interactive: true }).catch(() => undefined),
        signal,
        signalReason,
      );
      if (typeof returned !== 'string')
        throw new IntegrationError(
          'MCP_AUTH_FAILED',
          'The sign-in window was closed before it finished; sign in again.',
        );
      return returned;
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
  const local = chromeArea(globalThis.chrome?.storage?.local);
  const auth = identityAuth(local);
  instance ??= createIntegrationService({
    fetch: (input, init) => globalThis.fetch(input, init),
    store: createIntegrationStore(local),
    ...(auth ? { auth } : {}),
    cache: createDiscoveryCache<McpDiscovery>(chromeArea(globalThis.chrome?.storage?.session)),
    builtinNames: () => builtinNames(),
  });
  return instance;
}
