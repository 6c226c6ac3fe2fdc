// ## Owns
// What "the exact integration the user trusted" means: a SHA-256 over a canonical JSON
// of everything that decides where data goes and what the model is told, and the stable
// hashed names MCP tools get.
// ## Why
// Trust is stored as a fingerprint and compared at dispatch, so any edit to the
// name, destination, headers, schema or protocol, and for MCP any tool the server
// adds, removes or redefines, makes the fingerprints differ and the call asks again.
// SHA-256 replaces the reference's 32-bit FNV: a fingerprint is a security
// decision and a 32-bit hash can be matched deliberately. Header values (often
// credentials) are hashed, never stored here; the fingerprint sits next to the
// headers themselves, so it reveals nothing new.

import { canonicalJson } from './canonical-json';
import {
  CanonicalMcpTools,
  canonicalMcpTools,
  type McpToolFingerprintInput,
} from './canonical-mcp-tools';
import { sha256HexSync, sha256Sync } from './sha256-sync';

export { canonicalJson } from './canonical-json';
export type { McpToolFingerprintInput } from './canonical-mcp-tools';

/** Bump when the fingerprinted fields change, so old trust is dropped, not misread. */
const FINGERPRINT_VERSION = 'v1';

/** A custom HTTP tool as saved. */
export interface CustomToolFingerprintInput {
  kind: 'custom';
  id: string;
  name: string;
  description: string;
  endpoint: string;
  /** The acknowledged cleartext origin, if any; consenting to another origin is a change. */
  insecureOriginAcknowledged?: string | undefined;
  headers: Readonly<Record<string, string>>;
  schema: unknown;
}

/** An MCP server as saved, plus the tools it currently advertises. */
export interface McpServerFingerprintInput {
  kind: 'mcp';
  id: string;
  name: string;
  url: string;
  insecureOriginAcknowledged?: string | undefined;
  headers: Readonly<Record<string, string>>;
  /** The configured protocol mode and the negotiated revision, e.g. `auto/2026-07-28`. */
  protocol: string;
  /**
   * Order does not matter: tools are sorted by name before hashing. Discovery
   * passes the canonical text it kept for an unchanged list instead.
   */
  tools: readonly McpToolFingerprintInput[] | CanonicalMcpTools;
}

export type IntegrationFingerprintInput = CustomToolFingerprintInput | McpServerFingerprintInput;

// Canonical JSON escapes lone surrogates (well-formed JSON.stringify), so the
// UTF-8 encoding inside the hash never merges two different texts through U+FFFD.

/** Lower-case hex SHA-256 of the UTF-8 encoding of `text`. */
export async function sha256Hex(text: string): Promise<string> {
  // Native hashing wins for the long canonical texts fingerprints hash.
  // Stryker disable next-line all: both branches compute the same SHA-256; the length only picks the faster one
  if (text.length < 1_024) return sha256HexSync(text);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The trust fingerprint of an integration: `custom-v1:<sha256 hex>` or
 * `mcp-v1:<sha256 hex>`. Trust holds only while the stored fingerprint equals
 * the one computed from the integration as it is now.
 */
export async function fingerprintIntegration(input: IntegrationFingerprintInput): Promise<string> {
  const common = {
    id: input.id,
    name: input.name,
    insecureOriginAcknowledged: input.insecureOriginAcknowledged ?? null,
    headers: input.headers,
  };
  if (input.kind === 'custom') {
    const text = canonicalJson({
      ...common,
      protocol: 'custom-http-post-json',
      description: input.description,
      endpoint: input.endpoint,
      schema: input.schema,
    });
    return `custom-${FINGERPRINT_VERSION}:${await sha256Hex(text)}`;
  }
  const tools =
    input.tools instanceof CanonicalMcpTools ? input.tools : canonicalMcpTools(input.tools);
  // The same text canonicalJson writes for `{ ...head, tools, url }`: every key of
  // the head sorts before "tools", and "tools" before "url".
  const head = canonicalJson({ ...common, protocol: input.protocol }).slice(0, -1);
  const rest = `${head}\u0000${input.url}`;
  let known = fingerprintsOf.get(tools);
  const remembered = known?.get(rest);
  if (remembered !== undefined) return remembered;
  const text = `${head},"tools":${tools.text},"url":${JSON.stringify(input.url)}}`;
  const fingerprint = `mcp-${FINGERPRINT_VERSION}:${await sha256Hex(text)}`;
  if (known === undefined) fingerprintsOf.set(tools, (known = new Map()));
  // A handful of servers share one list at most (the same server under two names).
  // Stryker disable next-line all: the bound only caps the memo's memory
  if (known.size >= 8) known.clear();
  known.set(rest, fingerprint);
  return fingerprint;
}

// The fingerprints already hashed over one kept tool list, by the rest of the
// hashed text (the server's fields and URL). Hashing is a pure function of the
// text, and a list's text cannot change, so an entry is right for as long as the
// list is kept; it goes with the list.
const fingerprintsOf = new WeakMap<CanonicalMcpTools, Map<string, string>>();

// RFC 4648 base32hex, lower-case: 5 bits per character and only [0-9a-v].
const BASE32_ALPHABET = '0123456789abcdefghijklmnopqrstuv';

/** The first `characters * 5` bits of SHA-256(text) in base32hex. */
function hashCharacters(text: string, characters: number): string {
  const cached = characters === SERVER_HASH_CHARACTERS ? serverHashes.get(text) : undefined;
  if (cached !== undefined) return cached;
  const bytes = sha256Sync(text);
  let output = '';
  for (let index = 0; index < characters; index += 1) {
    const bit = index * 5;
    const pair = ((bytes[bit >> 3] ?? 0) << 8) | (bytes[(bit >> 3) + 1] ?? 0);
    output += BASE32_ALPHABET[(pair >> (11 - (bit & 7))) & 31];
  }
  // Every tool of a server shares its server hash; a few remembered ids suffice.
  if (characters === SERVER_HASH_CHARACTERS) {
    // Stryker disable next-line all: the bound only caps the cache's memory; hashes are the same either way
    if (serverHashes.size >= 64) serverHashes.clear();
    serverHashes.set(text, output);
  }
  return output;
}

/** Replace runs outside `[A-Za-z0-9_-]` with `_`, trim `_`, cut, fall back when empty. */
function slug(text: string, maxLength: number, fallback: string): string {
  const trim = (value: string) => value.replace(/^_+|_+$/g, '');
  const cut = trim(trim(text.replace(/[^A-Za-z0-9_-]+/g, '_')).slice(0, maxLength));
  return cut === '' ? fallback : cut;
}

const serverHashes = new Map<string, string>();
const SERVER_SLUG_LENGTH = 12;
const SERVER_HASH_CHARACTERS = 8;
const TOOL_SLUG_LENGTH = 25;
const TOOL_HASH_CHARACTERS = 10;

/**
 * The model-facing name of an MCP tool:
 * `mcp__<server label slug>_<server hash>__<tool slug>_<tool hash>`, at most
 * 5 + 12 + 1 + 8 + 2 + 25 + 1 + 10 = 64 characters of `[A-Za-z0-9_-]`.
 *
 * The slugs are for people and may collide after sanitizing and truncation; the
 * hashes carry identity. The server hash is 40 bits of SHA-256(serverId); the tool
 * hash is 50 bits of SHA-256 over the pair [serverId, toolName], so two different
 * tools share a name only if those 50 bits collide: about n^2 / 2^51 for n tools
 * in total, under 1e-7 for 10,000. Routing still uses the exact server id and tool
 * name; the registry should still refuse a visible-name collision.
 */
export function mcpVisibleName(serverId: string, serverLabel: string, toolName: string): string {
  const key = `${serverId}\u0000${serverLabel}\u0000${toolName}`;
  const known = visibleNames.get(key);
  if (known !== undefined) return known;
  // Stryker disable next-line all: the bound only caps the cache's memory; names are the same either way
  if (visibleNames.size >= 8_192) visibleNames.clear();
  const name = computeVisibleName(serverId, serverLabel, toolName);
  visibleNames.set(key, name);
  return name;
}

// Rediscovery names the same tools again; the names are pure functions of their inputs.
const visibleNames = new Map<string, string>();

function computeVisibleName(serverId: string, serverLabel: string, toolName: string): string {
  const serverHash = hashCharacters(serverId, SERVER_HASH_CHARACTERS);
  const toolHash = hashCharacters(JSON.stringify([serverId, toolName]), TOOL_HASH_CHARACTERS);
  const serverSlug = slug(serverLabel, SERVER_SLUG_LENGTH, 'server');
  const toolSlug = slug(toolName, TOOL_SLUG_LENGTH, 'tool');
  return `mcp__${serverSlug}_${serverHash}__${toolSlug}_${toolHash}`;
}
