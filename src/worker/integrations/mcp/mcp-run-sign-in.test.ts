// Signing in from inside a run, against a real OAuth-protected MCP server on
// 127.0.0.1 (metadata discovery, registration, PKCE, refresh): a call that meets a
// 401 offers "Sign in", runs again after a good sign-in, and ends in plain words
// when the person skips or the sign-in fails.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { never } from '../../../../test/support/mcp/mcp-fixtures';
import { startOAuthPeer, type OAuthPeer } from '../../../../test/support/mcp/oauth-peer';
import { context } from '../../../../test/support/mcp/regression-helpers';
import { oauthService, type TestLaunch } from '../../../../test/support/mcp/oauth-service';

let peer: OAuthPeer;
afterEach(() => peer?.close());

async function signedInTool(launch?: TestLaunch) {
  peer = await startOAuthPeer();
  const { service, id, launches, tool } = await oauthService(peer, launch);
  const first = await service.signIn(id, never);
  if (!first.ok) throw new Error(`${first.code}: ${first.message}`);
  return { tool: await tool(), launches };
}

describe('signing in from a run', () => {
  it('runs the call with the stored sign-in, without asking', async () => {
    const { tool, launches } = await signedInTool();
    const askSignIn = vi.fn();
    const outcome = await tool.execute({}, context({ askSignIn }));
    expect(outcome).toMatchObject({ ok: true });
    expect(JSON.stringify(outcome)).toContain('you hold access-1');
    expect(askSignIn).not.toHaveBeenCalled();
    expect(launches).toHaveLength(1);
  });

  it('offers a sign-in after a 401 and runs the call once more with the new grant', async () => {
    const { tool, launches } = await signedInTool();
    peer.revokeAll();
    const askSignIn = vi.fn(async (_request: { source: string }) => 'sign-in' as const);
    const outcome = await tool.execute({}, context({ askSignIn }));
    expect(askSignIn).toHaveBeenCalledTimes(1);
    expect(askSignIn.mock.calls[0]![0]).toMatchObject({ source: 'Files' });
    expect(launches).toHaveLength(2);
    expect(outcome).toMatchObject({ ok: true });
    expect(JSON.stringify(outcome)).toContain(`you hold access-${peer.issued.access}`);
  });

  it('says what happened when the person skips, and opens no sign-in page', async () => {
    const { tool, launches } = await signedInTool();
    peer.revokeAll();
    const outcome = await tool.execute({}, context({ askSignIn: async () => 'skip' }));
    expect(outcome).toMatchObject({ ok: false, code: 'MCP_AUTH_REQUIRED' });
    expect(outcome.ok ? '' : outcome.message).toMatch(/You skipped signing in.*Settings → MCP/);
    expect(launches).toHaveLength(1);
  });

  it('keeps the old answer where nobody can be asked', async () => {
    const { tool } = await signedInTool();
    peer.revokeAll();
    const outcome = await tool.execute({}, context());
    expect(outcome).toMatchObject({ ok: false, code: 'MCP_AUTH_REQUIRED' });
    expect(outcome.ok ? '' : outcome.message).toContain('Sign in to "Files" in Settings → MCP.');
  });

  it('fails in plain words when the token endpoint answers an HTML page', async () => {
    const { tool } = await signedInTool();
    peer.revokeAll();
    peer.breakTokenEndpoint();
    const outcome = await tool.execute({}, context({ askSignIn: async () => 'sign-in' }));
    expect(outcome).toMatchObject({ ok: false, code: 'MCP_AUTH_FAILED' });
    const message = outcome.ok ? '' : outcome.message;
    expect(message).toContain('Signing in to Files did not work');
    expect(message).not.toMatch(/<html|<body|Unexpected token/);
  });

  it('refuses a sign-in that comes back with another state', async () => {
    let forged = false;
    const { tool } = await signedInTool(async (url) => {
      const back = new URL(peer.authorize(url));
      if (forged) back.searchParams.set('state', 'forged-by-someone');
      return back.toString();
    });
    forged = true;
    peer.revokeAll();
    const outcome = await tool.execute({}, context({ askSignIn: async () => 'sign-in' }));
    expect(outcome).toMatchObject({ ok: false, code: 'MCP_AUTH_FAILED' });
    expect(outcome.ok ? '' : outcome.message).toContain('another state');
  });

  it('refuses a token endpoint that redirects to another origin, and names it', async () => {
    const { tool } = await signedInTool();
    peer.revokeAll();
    const elsewhere = await startOAuthPeer();
    try {
      peer.redirectTokenEndpoint(`${elsewhere.origin}/token`);
      const outcome = await tool.execute({}, context({ askSignIn: async () => 'sign-in' }));
      expect(outcome).toMatchObject({ ok: false, code: 'REDIRECT_REFUSED' });
      expect(outcome.ok ? '' : outcome.message).toContain(elsewhere.origin);
      expect(elsewhere.requests).toHaveLength(0);
    } finally {
      await elsewhere.close();
    }
  });
});
