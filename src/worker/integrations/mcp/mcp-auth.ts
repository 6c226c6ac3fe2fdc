// ## Owns
// MCP authorization for one saved server, as the SDK's OAuthClientProvider:
// protected resource and authorization server discovery, dynamic client
// registration, PKCE, refresh and scope step-up all run in the SDK's `auth()`;
// this file keeps what the SDK leaves to the host — where state is stored
// (extension storage, one record per server, never exported), how the person is
// sent to the authorization server (`launch`, chrome.identity in the extension)
// and whether that may happen now (`interactive`: only after a click on Sign in).
// ## Why `state` is checked here
// The SDK validates the issuer of the callback but not `state`; a callback whose
// state is not the one we sent is refused before its code is redeemed.
import type {
  OAuthClientMetadata,
  OAuthClientProvider,
  OAuthDiscoveryState,
  StoredOAuthClientInformation,
  StoredOAuthTokens,
} from '@modelcontextprotocol/client';
import { STORAGE_KEYS } from '../../storage/storage-keys';
import { IntegrationError } from '../integration-error';
import type { McpServerRecord } from '../integration-records';
import type { CacheArea } from './discovery-cache';

/** What is stored for one server. */
export interface McpAuthRecord {
  client?: StoredOAuthClientInformation;
  tokens?: StoredOAuthTokens;
  codeVerifier?: string;
  state?: string;
  discovery?: OAuthDiscoveryState;
}

/** Reads and writes every server's auth record under one key. */
export interface McpAuthStore {
  get(serverId: string): Promise<McpAuthRecord>;
  update(serverId: string, change: (record: McpAuthRecord) => McpAuthRecord | null): Promise<void>;
}

/** A store over `area` (chrome.storage.local in the worker); writes are serialized. */
export function createMcpAuthStore(area: CacheArea): McpAuthStore {
  const load = async (): Promise<Record<string, McpAuthRecord>> => {
    const raw = await area.get(STORAGE_KEYS.mcpAuth).catch(() => undefined);
    return typeof raw === 'object' && raw !== null
      ? { ...(raw as Record<string, McpAuthRecord>) }
      : {};
  };
  let queue: Promise<unknown> = Promise.resolve();
  return {
    get: async (serverId) => (await load())[serverId] ?? {},
    update(serverId, change) {
      const next = queue.then(async () => {
        const all = await load();
        const updated = change(all[serverId] ?? {});
        if (updated === null) delete all[serverId];
        else all[serverId] = updated;
        await area.set(STORAGE_KEYS.mcpAuth, all);
      });
      queue = next.catch(() => undefined);
      return next;
    },
  };
}

/** Sends the person to `url` and resolves with the full callback URL. */
export type LaunchAuthFlow = (url: URL, signal: AbortSignal) => Promise<string>;

/** What a provider needs from the worker. */
export interface McpAuthDeps {
  readonly store: McpAuthStore;
  /** The redirect URI registered for this extension (chrome.identity.getRedirectURL). */
  readonly redirectUrl: string;
  readonly launch: LaunchAuthFlow;
  /** A client registered by hand at the authorization server, when there is one. */
  readonly preRegistered?: StoredOAuthClientInformation;
}

/** A provider plus the callback captured by an interactive sign-in. */
export interface McpAuthProvider extends OAuthClientProvider {
  /** The callback parameters to finish with, once the person came back. */
  takeCallback(): URLSearchParams | null;
  /** Whether a sign-in was needed but could not be started (not interactive). */
  readonly needsSignIn: boolean;
}

function randomState(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The provider of `server`; `interactive` allows opening the sign-in page. */
export function createMcpAuthProvider(
  server: McpServerRecord,
  deps: McpAuthDeps,
  options: { interactive: boolean; signal: AbortSignal },
): McpAuthProvider {
  const { store } = deps;
  let callback: URLSearchParams | null = null;
  let needsSignIn = false;
  const put = (change: (record: McpAuthRecord) => McpAuthRecord) => store.update(server.id, change);
  const metadata: OAuthClientMetadata = {
    client_name: 'Side Agent',
    redirect_uris: [deps.redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  return {
    get redirectUrl() {
      return deps.redirectUrl;
    },
    get clientMetadata() {
      return metadata;
    },
    get needsSignIn() {
      return needsSignIn;
    },
    async state() {
      const state = randomState();
      await put((record) => ({ ...record, state }));
      return state;
    },
    clientInformation: async () => (await store.get(server.id)).client ?? deps.preRegistered,
    saveClientInformation: (client) => put((record) => ({ ...record, client })),
    tokens: async () => (await store.get(server.id)).tokens,
    saveTokens: (tokens) => put((record) => ({ ...record, tokens })),
    saveCodeVerifier: (codeVerifier) => put((record) => ({ ...record, codeVerifier })),
    async codeVerifier() {
      const verifier = (await store.get(server.id)).codeVerifier;
      if (verifier === undefined)
        throw new IntegrationError(
          'MCP_AUTH_FAILED',
          'The sign-in was not started here; sign in again.',
        );
      return verifier;
    },
    saveDiscoveryState: (discovery) => put((record) => ({ ...record, discovery })),
    discoveryState: async () => (await store.get(server.id)).discovery,
    invalidateCredentials: (scope) =>
      put((record) => {
        if (scope === 'all') return {};
        const next = { ...record };
        if (scope === 'client') delete next.client;
        if (scope === 'tokens') delete next.tokens;
        if (scope === 'verifier') delete next.codeVerifier;
        if (scope === 'discovery') delete next.discovery;
        return next;
      }),
    async redirectToAuthorization(url) {
      if (!options.interactive) {
        // During a run nobody clicked Sign in: the call fails with MCP_AUTH_REQUIRED.
        needsSignIn = true;
        return;
      }
      const returned = new URL(await deps.launch(url, options.signal));
      const expected = (await store.get(server.id)).state;
      if (expected === undefined || returned.searchParams.get('state') !== expected)
        throw new IntegrationError(
          'MCP_AUTH_FAILED',
          'The sign-in came back with another state than the one sent; it was refused.',
        );
      if (returned.searchParams.has('error'))
        throw new IntegrationError(
          'MCP_AUTH_FAILED',
          'The authorization server refused the sign-in.',
        );
      callback = returned.searchParams;
    },
    takeCallback() {
      const taken = callback;
      callback = null;
      return taken;
    },
  };
}
