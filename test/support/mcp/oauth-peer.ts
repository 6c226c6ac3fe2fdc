// An MCP server behind OAuth on 127.0.0.1, with its own authorization server on the
// same origin: protected resource metadata, authorization server metadata, dynamic
// client registration, authorization code with PKCE (S256 checked) and refresh.
// The MCP part speaks the initialize era and answers one tool. Its authorization
// page approves at once with a redirect back (a consent page that needs no click),
// so a browser's sign-in window finishes by itself. Tests can revoke every token,
// make the token endpoint answer HTML or redirect, or send the authorization page
// somewhere else. Tokens are random and the tool never echoes them, so a test can
// look for them anywhere they must not be: the tool names the grant it saw.
import { createHash, randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { startHttpPeer, writeRpc, type HttpPeer } from './http-peer';

export interface OAuthPeer extends HttpPeer {
  /** What the authorization page does, as the browser would: the redirect URL it returns to. */
  authorize(url: URL): string;
  /** Make the authorization page redirect to `target` instead of back (null: back again). */
  redirectAuthorizePage(target: string | null): void;
  /** Every access and refresh token issued so far, revoked or not. */
  readonly tokens: readonly string[];
  /** Forget every access and refresh token issued so far (a revoked grant). */
  revokeAll(): void;
  /** Forget the access tokens only, as when they expire; refresh tokens still work. */
  expireAccess(): void;
  /** Make both metadata documents redirect to `target` from now on. */
  redirectMetadata(target: string): void;
  /** Make the token endpoint answer an HTML error page from now on. */
  breakTokenEndpoint(): void;
  /** Make the token endpoint redirect to `target` from now on. */
  redirectTokenEndpoint(target: string): void;
  readonly issued: { access: number; refresh: number };
}

const json = (response: ServerResponse, status: number, body: unknown) =>
  void response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

export async function startOAuthPeer(): Promise<OAuthPeer> {
  const access = new Map<string, number>(); // token -> grant number
  const refresh = new Set<string>();
  const tokens: string[] = [];
  const codes = new Map<string, string>(); // code -> code_challenge
  const issued = { access: 0, refresh: 0 };
  let tokenHtml = false;
  let tokenRedirect: string | null = null;
  let authorizeRedirect: string | null = null;
  let metadataRedirect: string | null = null;
  let origin = '';
  let nextCode = 0;
  const secret = () => randomBytes(12).toString('hex');
  const issue = (response: ServerResponse) => {
    const grant = (issued.access += 1);
    const token = `access-${grant}-${secret()}`;
    const renewal = `refresh-${(issued.refresh += 1)}-${secret()}`;
    access.set(token, grant);
    refresh.add(renewal);
    tokens.push(token, renewal);
    json(response, 200, {
      access_token: token,
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: renewal,
    });
  };
  const authorize = (url: URL) => {
    const code = `code-${(nextCode += 1)}`;
    codes.set(code, url.searchParams.get('code_challenge') ?? '');
    const back = new URL(url.searchParams.get('redirect_uri') ?? '');
    back.searchParams.set('code', code);
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    return back.toString();
  };
  const peer = await startHttpPeer((request, response) => {
    const url = new URL(request.url, 'http://peer');
    const path = url.pathname;
    if (path.startsWith('/.well-known/') && metadataRedirect !== null)
      return void response.writeHead(302, { location: metadataRedirect }).end();
    if (path === '/authorize')
      return void response.writeHead(302, { location: authorizeRedirect ?? authorize(url) }).end();
    if (path.startsWith('/.well-known/oauth-protected-resource'))
      return json(response, 200, { resource: `${origin}/mcp`, authorization_servers: [origin] });
    if (path.startsWith('/.well-known/oauth-authorization-server'))
      return json(response, 200, {
        issuer: origin,
        authorization_endpoint: `${origin}/authorize`,
        token_endpoint: `${origin}/token`,
        registration_endpoint: `${origin}/register`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'refresh_token'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['none'],
      });
    if (path === '/register') {
      const body = JSON.parse(request.body) as Record<string, unknown>;
      return json(response, 201, { ...body, client_id: 'client-1' });
    }
    if (path === '/token') {
      if (tokenRedirect !== null)
        return void response.writeHead(307, { location: tokenRedirect }).end();
      if (tokenHtml)
        return void response
          .writeHead(502, { 'content-type': 'text/html' })
          .end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      const form = new URLSearchParams(request.body);
      if (form.get('grant_type') === 'refresh_token') {
        if (!refresh.delete(form.get('refresh_token') ?? ''))
          return json(response, 400, { error: 'invalid_grant' });
        return issue(response);
      }
      const challenge = codes.get(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const computed = createHash('sha256').update(verifier).digest('base64url');
      if (challenge === undefined || computed !== challenge)
        return json(response, 400, { error: 'invalid_grant' });
      codes.delete(form.get('code') ?? '');
      return issue(response);
    }
    if (path !== '/mcp') return void response.writeHead(404).end();
    const bearer = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
    const grant = access.get(bearer);
    if (grant === undefined)
      return void response
        .writeHead(401, {
          'www-authenticate': `Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
        })
        .end();
    if (request.method !== 'POST') return void response.writeHead(405).end();
    const message = JSON.parse(request.body) as { id?: unknown; method: string };
    if (message.id === undefined) return void response.writeHead(202).end();
    if (message.method === 'initialize')
      return writeRpc(response, message.id, {
        result: {
          protocolVersion: '2025-06-18',
          capabilities: { tools: {} },
          serverInfo: { name: 'oauth-peer', version: '1.0' },
        },
      });
    if (message.method === 'tools/list')
      return writeRpc(response, message.id, {
        result: { tools: [{ name: 'whoami', inputSchema: { type: 'object' } }] },
      });
    // The answer names the grant (`access-<n>`), never its token, whose random tail
    // only the token endpoint and the Authorization header ever carry.
    if (message.method === 'tools/call')
      return writeRpc(response, message.id, {
        result: { content: [{ type: 'text', text: `you hold access-${grant}` }] },
      });
    writeRpc(response, message.id, { error: { code: -32601, message: 'Method not found' } });
  });
  origin = peer.origin;
  return {
    ...peer,
    issued,
    tokens,
    authorize,
    redirectAuthorizePage(target) {
      authorizeRedirect = target;
    },
    revokeAll() {
      access.clear();
      refresh.clear();
    },
    expireAccess() {
      access.clear();
    },
    redirectMetadata(target) {
      metadataRedirect = target;
    },
    breakTokenEndpoint() {
      tokenHtml = true;
    },
    redirectTokenEndpoint(target) {
      tokenRedirect = target;
    },
  };
}
