// ## Owns
// The MCP discovery cache: the TTL
// a server declares (`ttlMs`, clamped to [0, 1 h]) is honoured, `cacheScope`
// decides the key, and entries live in an injected key-value area
// (chrome.storage.session in the worker) so a worker restart keeps them.
// ## Why not the SDK's ResponseCacheStore
// The SDK caches what `client.listTools()` returns, and discovery cannot use that
// call: it validates whole pages, so one malformed tool would fail the server (see
// mcp-tool-pages.ts). What is cached here is the judged discovery (valid tools,
// refusals, era verdict), which the SDK has no place for.
// ## Why private entries are keyed by the config fingerprint
// A `private` result may depend on the credentials in the headers; keying by a
// digest of id, URL, headers and protocol makes an edited header a miss instead of
// serving another principal's tool list. `public` entries are keyed by URL and mode.
import { STORAGE_KEYS } from '../../storage/storage-keys';
import { canonicalJson, sha256Hex } from '../trust-fingerprint';
import type { McpServerRecord } from '../integration-records';

/** The async key-value slice the cache needs; structurally the storage layer's KeyValueArea. */
export interface CacheArea {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

/** Longest TTL honoured, whatever the server declares. */
export const MAX_DISCOVERY_TTL_MS = 60 * 60 * 1_000;
/** TTL for older revisions, which cannot declare one (2026-07-28 servers must). */
export const LEGACY_DEFAULT_TTL_MS = 60_000;
/** One key per area holds every entry, so expiry sweeps need no key listing. */
const AREA_KEY = STORAGE_KEYS.mcpDiscovery;
/** Bounds the stored map: oldest entries go first. */
const MAX_ENTRIES = 64;

export type CacheScope = 'public' | 'private';

/** A stored discovery, as JSON. `value` is opaque to the cache. */
export interface CachedDiscovery<T> {
  readonly value: T;
  readonly storedAt: number;
  readonly expiresAt: number;
  readonly ttlMs: number;
  readonly scope: CacheScope;
}

/** Clamp a server-declared TTL; absent means "immediately stale" for 2026-07-28. */
export function effectiveTtl(declared: unknown, isLegacy: boolean): number {
  if (typeof declared !== 'number' || !Number.isFinite(declared))
    return isLegacy ? LEGACY_DEFAULT_TTL_MS : 0;
  return Math.min(Math.max(0, Math.floor(declared)), MAX_DISCOVERY_TTL_MS);
}

/** The cache keys of a server: private (full config) and public (URL and mode). */
export async function discoveryKeys(
  server: Pick<
    McpServerRecord,
    'id' | 'url' | 'headers' | 'protocolMode' | 'insecureOriginAcknowledged'
  >,
): Promise<Record<CacheScope, string>> {
  const privateKey = await sha256Hex(
    canonicalJson({
      id: server.id,
      url: server.url,
      headers: server.headers.map((row) => [row.name, row.value]),
      mode: server.protocolMode,
      ack: server.insecureOriginAcknowledged,
    }),
  );
  const publicKey = await sha256Hex(canonicalJson({ url: server.url, mode: server.protocolMode }));
  return { private: `private:${privateKey}`, public: `public:${publicKey}` };
}

/** A persistent, TTL-bounded discovery cache. */
export interface DiscoveryCache<T> {
  get(keys: Record<CacheScope, string>): Promise<CachedDiscovery<T> | null>;
  set(
    keys: Record<CacheScope, string>,
    value: T,
    ttlMs: number,
    scope: CacheScope,
  ): Promise<CachedDiscovery<T> | null>;
  delete(keys: Record<CacheScope, string>): Promise<void>;
}

type Stored = Record<string, CachedDiscovery<unknown>>;

/** A cache over `area`; `now` is injectable for expiry tests. */
export function createDiscoveryCache<T>(
  area: CacheArea,
  now: () => number = Date.now,
): DiscoveryCache<T> {
  const load = async (): Promise<Stored> => {
    const raw = await area.get(AREA_KEY).catch(() => undefined);
    return typeof raw === 'object' && raw !== null ? { ...(raw as Stored) } : {};
  };
  const live = (entry: CachedDiscovery<unknown> | undefined) =>
    entry !== undefined && entry.expiresAt > now() ? entry : undefined;
  // Serialize writes: two discoveries finishing together must not drop each other.
  let queue: Promise<unknown> = Promise.resolve();
  const update = (change: (stored: Stored) => void) => {
    const next = queue.then(async () => {
      const stored = await load();
      change(stored);
      for (const [key, entry] of Object.entries(stored)) if (!live(entry)) delete stored[key];
      const keys = Object.keys(stored).sort(
        (left, right) => (stored[left]?.storedAt ?? 0) - (stored[right]?.storedAt ?? 0),
      );
      for (const key of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete stored[key];
      await area.set(AREA_KEY, stored);
    });
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    async get(keys) {
      const stored = await load();
      // A private entry wins; a public one is shared by everyone using that URL.
      const entry = live(stored[keys.private]) ?? live(stored[keys.public]);
      return (entry as CachedDiscovery<T> | undefined) ?? null;
    },
    async set(keys, value, ttlMs, scope) {
      if (ttlMs <= 0) {
        await update((stored) => {
          delete stored[keys.private];
          delete stored[keys.public];
        });
        return null;
      }
      const entry: CachedDiscovery<T> = {
        value,
        storedAt: now(),
        expiresAt: now() + ttlMs,
        ttlMs,
        scope,
      };
      await update((stored) => {
        delete stored[keys.private];
        delete stored[keys.public];
        stored[keys[scope]] = entry;
      });
      return entry;
    },
    async delete(keys) {
      await update((stored) => {
        delete stored[keys.private];
        delete stored[keys.public];
      });
    },
  };
}

/** An in-memory area, for tests and as a fallback when no session storage exists. */
export function createMemoryArea(): CacheArea & { readonly data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: async (key) => structuredClone(data.get(key)),
    set: async (key, value) => {
      data.set(key, structuredClone(value));
    },
  };
}
