// Settings-side sign-in bookkeeping: the view says who is signed in, Sign out and
// a new URL drop the stored sign-in, and the tokens never appear in a view.
import { describe, expect, it } from 'vitest';
import { mcpInput } from '../../../test/support/mcp/mcp-fixtures';
import { createIntegrationService } from './integration-service';
import { createIntegrationStore } from './integration-store';
import { createDiscoveryCache, createMemoryArea } from './mcp/discovery-cache';
import { createMcpAuthStore } from './mcp/mcp-auth';
import type { McpDiscovery } from './mcp/mcp-discovery';

function setup() {
  const local = createMemoryArea();
  const auth = {
    store: createMcpAuthStore(local),
    redirectUrl: 'https://extension.example/mcp',
    launch: async () => {
      throw new Error('no sign-in page in this test');
    },
  };
  const service = createIntegrationService({
    fetch,
    store: createIntegrationStore(local),
    cache: createDiscoveryCache<McpDiscovery>(createMemoryArea()),
    builtinNames: () => [],
    auth,
  });
  return { service, auth, local };
}

describe('MCP sign-in bookkeeping', () => {
  it('shows signed in, forgets it on Sign out and when the URL changes, and never shows tokens', async () => {
    const { service, auth } = setup();
    const saved = await service.saveMcpServer(mcpInput('https://mcp.example/a'));
    const id = saved.servers[0]!.id;
    const tokens = {
      access_token: 'secret-access',
      token_type: 'Bearer',
      refresh_token: 'secret-refresh',
    };
    await auth.store.update(id, () => ({ tokens }));
    const listed = await service.listMcpServers();
    expect(listed.servers[0]).toMatchObject({ signedIn: true });
    expect(JSON.stringify(listed)).not.toContain('secret');
    expect((await service.signOut(id)).servers[0]).toMatchObject({ signedIn: false });

    await auth.store.update(id, () => ({ tokens }));
    await service.saveMcpServer({ ...mcpInput('https://mcp.example/a'), id, name: 'Renamed' });
    expect((await auth.store.get(id)).tokens).toEqual(tokens);
    await service.saveMcpServer({ ...mcpInput('https://other.example/b'), id });
    expect(await auth.store.get(id)).toEqual({});
  });

  it('drops the sign-in with the server', async () => {
    const { service, auth } = setup();
    const id = (await service.saveMcpServer(mcpInput('https://mcp.example/a'))).servers[0]!.id;
    await auth.store.update(id, () => ({ tokens: { access_token: 'a', token_type: 'Bearer' } }));
    await service.deleteMcpServer(id);
    expect(await auth.store.get(id)).toEqual({});
  });
});
