// The worker's integration service over memory storage, a saved server behind the
// OAuth peer and a sign-in launcher that plays the browser's window (the peer's
// authorization page, or what a test makes of it), for the auth unit tests.
import { createIntegrationService } from '../../../src/worker/integrations/integration-service';
import { createIntegrationStore } from '../../../src/worker/integrations/integration-store';
import {
  createDiscoveryCache,
  createMemoryArea,
} from '../../../src/worker/integrations/mcp/discovery-cache';
import { createMcpAuthStore } from '../../../src/worker/integrations/mcp/mcp-auth';
import type { McpDiscovery } from '../../../src/worker/integrations/mcp/mcp-discovery';
import { mcpInput, never } from './mcp-fixtures';
import type { OAuthPeer } from './oauth-peer';

/** A launcher stand-in: given the authorization URL, the callback URL (or a throw). */
export type TestLaunch = (url: URL) => Promise<string>;

export async function oauthService(peer: OAuthPeer, launch?: TestLaunch) {
  const local = createMemoryArea();
  const launches: URL[] = [];
  const store = createMcpAuthStore(local);
  const service = createIntegrationService({
    fetch,
    store: createIntegrationStore(local),
    cache: createDiscoveryCache<McpDiscovery>(createMemoryArea()),
    builtinNames: () => [],
    auth: {
      store,
      redirectUrl: 'https://extension.example/mcp',
      launch: async (url: URL) => {
        launches.push(url);
        return launch ? launch(url) : peer.authorize(url);
      },
    },
  });
  const id = (await service.saveMcpServer(mcpInput(peer.url))).servers[0]!.id;
  /** The server's whoami tool as a run gets it. */
  const tool = async () => {
    const set = await service.prepareRunToolSet(never);
    const found = set.tools.find((entry) => entry.destination?.integration.endsWith('whoami'));
    if (!found) throw new Error('no whoami tool');
    return found;
  };
  return { service, id, store, launches, tool };
}
