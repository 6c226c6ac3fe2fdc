// How the tools of a run's set make their calls: through the run's fetch, with the
// server's stored sign-in, and with the run's interactive sign-in after a 401.
import { describe, expect, it } from 'vitest';
import { peerTools, serverRecord } from '../../../test/support/mcp/mcp-fixtures';
import { startSdkPeer } from '../../../test/support/mcp/sdk-peer';
import { startOAuthPeer } from '../../../test/support/mcp/oauth-peer';
import { context } from '../../../test/support/mcp/regression-helpers';
import type { McpServerRecord } from './integration-records';
import {
  closePeersAfterEach,
  customTool,
  depsWith,
  never,
} from './__fixtures__/run-tool-set-fixtures';
import { createMemoryArea } from './mcp/discovery-cache';
import { createMcpAuthProvider, createMcpAuthStore } from './mcp/mcp-auth';
import { signInToMcpServer } from './mcp/mcp-probe';
import { prepareRunToolSet, type RunToolSetDeps } from './run-tool-set';

const keep = closePeersAfterEach();

/** The only tool of a set built from `deps`. */
async function onlyTool(deps: RunToolSetDeps) {
  const set = await prepareRunToolSet(deps, never);
  expect(set.tools).toHaveLength(1);
  return set.tools[0]!;
}

/**
 * A server behind OAuth that the person signed in to from Settings, and the auth
 * wiring the worker gives a run: the stored sign-in for every call (`authFor`) and,
 * with `interactive`, the sign-in a person can start from the run (`signIn`).
 */
async function signedInServer(options: { interactive: boolean }) {
  const peer = await startOAuthPeer();
  keep(peer);
  const server = serverRecord(peer.url, { headers: [] });
  const auth = {
    store: createMcpAuthStore(createMemoryArea()),
    redirectUrl: 'https://extension.example/mcp',
    launch: async (url: URL) => peer.authorize(url),
  };
  const base = await depsWith([], [server]);
  const first = await signInToMcpServer(server, base, auth, never);
  if (!first.ok) throw new Error(`${first.code}: ${first.message}`);
  const signedInTo: string[] = [];
  const deps: RunToolSetDeps = {
    ...base,
    authFor: (saved) => createMcpAuthProvider(saved, auth, { interactive: false, signal: never }),
    ...(options.interactive
      ? {
          signIn: async (saved: McpServerRecord, signal: AbortSignal) => {
            signedInTo.push(saved.id);
            const result = await signInToMcpServer(saved, base, auth, signal);
            return result.ok ? { ok: true as const } : result;
          },
        }
      : {}),
  };
  return { peer, whoami: await onlyTool(deps), signedInTo };
}

/** A run interaction that answers every sign-in request with Sign in, and records who asked. */
function answeringSignIn() {
  const asked: string[] = [];
  const interaction = context({
    askSignIn: async (request) => {
      asked.push(request.source);
      return 'sign-in';
    },
  });
  return { asked, interaction };
}

describe('calls of the run tool set', () => {
  it("sends a custom tool's call through the run's fetch", async () => {
    const sent: string[] = [];
    const deps = await depsWith([customTool('c1', 'lookup')]);
    const lookup = await onlyTool({
      ...deps,
      fetch: async (input) => {
        sent.push(String(input));
        return new Response('{"answer":42}', { headers: { 'content-type': 'application/json' } });
      },
    });
    const outcome = await lookup.execute({ q: 'life' }, context());
    expect(outcome).toMatchObject({ ok: true, result: { answer: 42 } });
    expect(sent).toEqual(['https://api.example/lookup']);
  });

  it("sends an MCP tool's call to its server through the run's fetch", async () => {
    const peer = keep(await startSdkPeer({ responseMode: 'json', tools: peerTools.slice(0, 1) }));
    const deps = await depsWith([], [serverRecord(peer.url)]);
    const reached: string[] = [];
    const tool0 = await onlyTool({
      ...deps,
      fetch: (input, init) => {
        reached.push(String(input instanceof Request ? input.url : input));
        return fetch(input, init);
      },
    });
    reached.length = 0;
    const outcome = await tool0.execute({ text: 'hi' }, context());
    expect(outcome).toMatchObject({ ok: true });
    expect(JSON.stringify(outcome)).toContain('called tool_0');
    expect(reached.length).toBeGreaterThan(0);
    expect(reached.every((url) => url === peer.url)).toBe(true);
  });

  it("calls with the server's stored sign-in, asking nobody", async () => {
    const { whoami, signedInTo } = await signedInServer({ interactive: true });
    const { asked, interaction } = answeringSignIn();
    const outcome = await whoami.execute({}, interaction);
    expect(outcome).toMatchObject({ ok: true });
    expect(JSON.stringify(outcome)).toContain('you hold access-1');
    expect(asked).toEqual([]);
    expect(signedInTo).toEqual([]);
  });

  it("offers the run's sign-in after a 401 and runs the call once more", async () => {
    const { peer, whoami, signedInTo } = await signedInServer({ interactive: true });
    peer.revokeAll();
    const { asked, interaction } = answeringSignIn();
    const outcome = await whoami.execute({}, interaction);
    expect(asked).toEqual(['Files']);
    expect(signedInTo).toEqual(['srv-1']);
    expect(outcome).toMatchObject({ ok: true });
    expect(JSON.stringify(outcome)).toContain('you hold access-2');
  });

  it('ends a 401 call with MCP_AUTH_REQUIRED, asking nobody, where the run has no sign-in', async () => {
    const { peer, whoami } = await signedInServer({ interactive: false });
    peer.revokeAll();
    const { asked, interaction } = answeringSignIn();
    const outcome = await whoami.execute({}, interaction);
    expect(outcome).toMatchObject({ ok: false, code: 'MCP_AUTH_REQUIRED' });
    expect(asked).toEqual([]);
  });
});
