// Authorization servers that misbehave, against the real OAuth peer on 127.0.0.1: an
// expired access token is renewed without asking; a revoked refresh token is
// dropped and the person is offered a sign-in; metadata that redirects to another
// origin, a token endpoint that answers HTML and a sign-in the server refuses each
// end in plain words, with no token stored and the other origin never contacted.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { never } from '../../../../test/support/mcp/mcp-fixtures';
import { startOAuthPeer, type OAuthPeer } from '../../../../test/support/mcp/oauth-peer';
import { oauthService, type TestLaunch } from '../../../../test/support/mcp/oauth-service';
import { context } from '../../../../test/support/mcp/regression-helpers';

const peers: OAuthPeer[] = [];
afterEach(async () => {
  await Promise.all(peers.splice(0).map((peer) => peer.close()));
});

async function startPeer() {
  const peer = await startOAuthPeer();
  peers.push(peer);
  return peer;
}

async function signedIn(launch?: TestLaunch) {
  const peer = await startPeer();
  const setup = await oauthService(peer, launch);
  const first = await setup.service.signIn(setup.id, never);
  if (!first.ok) throw new Error(`${first.code}: ${first.message}`);
  return { peer, ...setup };
}

describe('MCP authorization bad input', () => {
  it('renews an expired access token with the refresh token, without asking anyone', async () => {
    const { peer, store, id, launches, tool } = await signedIn();
    const [firstAccess, firstRefresh] = peer.tokens;
    peer.expireAccess();
    const askSignIn = vi.fn();
    const outcome = await (await tool()).execute({}, context({ askSignIn }));
    expect(outcome).toMatchObject({ ok: true });
    expect(JSON.stringify(outcome)).toContain('you hold access-2');
    expect(askSignIn).not.toHaveBeenCalled();
    expect(launches).toHaveLength(1);
    const tokens = JSON.stringify((await store.get(id)).tokens);
    expect(tokens).not.toContain(firstAccess);
    expect(tokens).not.toContain(firstRefresh);
    expect(tokens).toContain(peer.tokens[2]!);
  });

  it('drops a revoked refresh token and offers a sign-in instead of failing', async () => {
    const { peer, service, store, id, launches, tool } = await signedIn();
    peer.revokeAll();
    const askSignIn = vi.fn(async () => 'skip' as const);
    const outcome = await (await tool()).execute({}, context({ askSignIn }));
    // The refresh grant was tried and refused before anyone was asked.
    const refreshes = peer.requests.filter(
      (seen) => seen.url === '/token' && seen.body.includes('grant_type=refresh_token'),
    );
    expect(refreshes).toHaveLength(1);
    expect(askSignIn).toHaveBeenCalledTimes(1);
    expect(outcome).toMatchObject({ ok: false, code: 'MCP_AUTH_REQUIRED' });
    expect(outcome.ok ? '' : outcome.message).toMatch(/You skipped signing in.*Settings → MCP/);
    expect(launches).toHaveLength(1);
    const stored = JSON.stringify(await store.get(id));
    for (const token of peer.tokens) expect(stored).not.toContain(token);
    expect((await service.listMcpServers()).servers[0]).toMatchObject({ signedIn: false });
  });

  it('refuses authorization metadata that redirects to another origin, and names it', async () => {
    const peer = await startPeer();
    const elsewhere = await startPeer();
    peer.redirectMetadata(`${elsewhere.origin}/.well-known/oauth-authorization-server`);
    const { service: integrations, id, store, launches } = await oauthService(peer);
    const result = await integrations.signIn(id, never);
    expect(result).toMatchObject({ ok: false, code: 'REDIRECT_REFUSED' });
    expect(result.ok ? '' : result.message).toContain(elsewhere.origin);
    expect(elsewhere.requests).toHaveLength(0);
    expect(launches).toHaveLength(0);
    expect((await store.get(id)).tokens).toBeUndefined();
  });

  it('fails a Settings sign-in in plain words when the token endpoint answers HTML', async () => {
    const peer = await startPeer();
    peer.breakTokenEndpoint();
    const { service: integrations, id, store, launches } = await oauthService(peer);
    const result = await integrations.signIn(id, never);
    expect(launches).toHaveLength(1);
    expect(result).toMatchObject({ ok: false, code: 'MCP_AUTH_FAILED' });
    expect(result.ok ? '' : result.message).not.toMatch(/<html|<body|Unexpected token/);
    expect((await store.get(id)).tokens).toBeUndefined();
  });

  it('says the server refused when the sign-in comes back with an error', async () => {
    const peer = await startPeer();
    const {
      service: integrations,
      id,
      store,
    } = await oauthService(peer, async (url) => {
      const back = new URL(peer.authorize(url));
      back.searchParams.delete('code');
      back.searchParams.set('error', 'access_denied');
      return back.toString();
    });
    const result = await integrations.signIn(id, never);
    expect(result).toMatchObject({
      ok: false,
      code: 'MCP_AUTH_FAILED',
      message: 'The authorization server refused the sign-in.',
    });
    expect(peer.requests.filter((seen) => seen.url === '/token')).toHaveLength(0);
    expect((await store.get(id)).tokens).toBeUndefined();
  });
});
