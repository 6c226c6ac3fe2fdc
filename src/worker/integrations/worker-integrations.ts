// ## Owns
// The worker's one integration service over the browser's real APIs:
// chrome.storage.local for saved integrations and MCP sign-ins,
// chrome.storage.session for the discovery cache (kept across worker restarts,
// dropped with the browser session), chrome.identity for the sign-in page, and the
// global fetch. Tests never come here; they inject areas, fetch and a launcher.
import type { McpDiscovery } from './mcp/mcp-discovery';
import { createDiscoveryCache, createMemoryArea, type CacheArea } from './mcp/discovery-cache';
import { createIntegrationService, type IntegrationService } from './integration-service';
import { createIntegrationStore } from './integration-store';
import { createMcpAuthStore, type McpAuthDeps } from './mcp/mcp-auth';
import { createIdentityLauncher, type IdentityApi } from './mcp/identity-launch';
import { restrictStorageToTrustedContexts } from '../platform/storage-access';
import { startBrowserDownload } from '../platform/downloads';
import { createFileSaver } from '../skills/skill-file-save';
import { createSkillService, type SkillService } from '../skills/skill-service';
import { createSkillStore } from '../skills/skill-store';

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
 * The identity API runs the authorization page in its own window and hands back
 * the redirect to https://<extension-id>.chromiumapp.org/… (Firefox: its own
 * identity domain); the page never sees extension state. Both browsers answer
 * with a promise under `chrome` in MV3; `browser` is the fallback where only
 * Firefox's own namespace exists.
 */
function identityAuth(local: CacheArea): McpAuthDeps | undefined {
  const scope = globalThis as { browser?: { identity?: IdentityApi } };
  const identity: IdentityApi | undefined = globalThis.chrome?.identity ?? scope.browser?.identity;
  if (identity?.launchWebAuthFlow === undefined) return undefined;
  return {
    store: createMcpAuthStore(local),
    redirectUrl: identity.getRedirectURL('mcp'),
    launch: createIdentityLauncher(identity),
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
  const fetchAny: typeof fetch = (input, init) => globalThis.fetch(input, init);
  instance ??= createIntegrationService({
    fetch: fetchAny,
    store: createIntegrationStore(local),
    skills: {
      skills: createSkillStore(local),
      saveDownload: createFileSaver({ fetch: fetchAny }, startBrowserDownload),
    },
    ...(auth ? { auth } : {}),
    cache: createDiscoveryCache<McpDiscovery>(chromeArea(globalThis.chrome?.storage?.session)),
    builtinNames: () => builtinNames(),
  });
  return instance;
}

let skillInstance: SkillService | null = null;

/** The worker's skill service; skill tool names may not take built-in or custom tool names. */
export function getWorkerSkillService(): SkillService {
  const local = chromeArea(globalThis.chrome?.storage?.local);
  const integrations = createIntegrationStore(local);
  skillInstance ??= createSkillService({
    store: createSkillStore(local),
    takenToolNames: async () => [
      ...builtinNames(),
      ...(await integrations.customTools().catch(() => [])).map((tool) => tool.name),
    ],
  });
  return skillInstance;
}
