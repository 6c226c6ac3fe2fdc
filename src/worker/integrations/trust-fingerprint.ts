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

import { sha256HexSync, sha256Sync } from './sha256-sync';

/** Bump when the fingerprinted fields change, so old trust is dropped, not misread. */
const FINGERPRINT_VERSION = 'v1';
/** Deeper than any gated schema plus its literals; stops cycles early. */
const MAX_CANONICAL_DEPTH = 100;

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

/** One tool as an MCP server advertised it. */
export interface McpToolFingerprintInput {
  name: string;
  description?: string | undefined;
  inputSchema: unknown;
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
  /** Order does not matter: tools are sorted by name before hashing. */
  tools: readonly McpToolFingerprintInput[];
}

export type IntegrationFingerprintInput = CustomToolFingerprintInput | McpServerFingerprintInput;

/**
 * JSON with object keys sorted recursively (by UTF-16 code units), so equal data
 * always gives equal text. Throws a TypeError on values JSON cannot represent
 * (undefined, functions, non-finite numbers, bigint) and on nesting deeper than
 * 100, which also catches cycles. `-0` is written as `0`, as JSON.stringify does.
 */
export function canonicalJson(value: unknown, depth = 0): string {
  return JSON.stringify(sortedJson(value, depth));
}

// The value with every object's keys in sorted order, sharing every part that is
// already sorted, so the native JSON.stringify writes the canonical text. Most
// schemas arrive sorted or nearly so; rebuilding the text by hand was most of
// the fingerprint's cost for a server with hundreds of tools.
function sortedJson(value: unknown, depth: number): unknown {
  if (depth > MAX_CANONICAL_DEPTH)
    throw new TypeError('Value is nested too deeply to fingerprint.');
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('Non-finite numbers cannot be fingerprinted.');
    return value;
  }
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    for (let index = 0; index < value.length; index += 1) {
      const item: unknown = value[index];
      const sorted = sortedJson(item, depth + 1);
      if (copy === null && sorted !== item) copy = value.slice(0, index);
      copy?.push(sorted);
    }
    return copy ?? value;
  }
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    let isChanged = !isSorted(keys);
    const children = keys.map((key) => {
      const sorted = sortedJson(record[key], depth + 1);
      if (sorted !== record[key]) isChanged = true;
      return sorted;
    });
    if (!isChanged) return value;
    const order = keys.map((key, index) => [key, children[index]] as const);
    order.sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0));
    // An ordinary object, filled in sorted order: objects of one shape share a hidden
    // class, which JSON.stringify writes several times faster than the dictionary a
    // null-prototype object becomes. A key named __proto__ is defined, not assigned,
    // so it stays an ordinary property instead of replacing the prototype.
    const out: Record<string, unknown> = {};
    for (const [key, child] of order) {
      if (key === '__proto__')
        Object.defineProperty(out, key, {
          value: child,
          enumerable: true,
          writable: true,
          configurable: true,
        });
      else out[key] = child;
    }
    return out;
  }
  throw new TypeError(`A ${typeof value} cannot be fingerprinted.`);
}

function isSorted(keys: readonly string[]): boolean {
  for (let index = 1; index < keys.length; index += 1)
    if (keys[index - 1]! > keys[index]!) return false;
  return true;
}

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
  const text =
    input.kind === 'custom'
      ? canonicalJson({
          ...common,
          protocol: 'custom-http-post-json',
          description: input.description,
          endpoint: input.endpoint,
          schema: input.schema,
        })
      : mcpCanonicalText({ ...common, protocol: input.protocol }, input.url, input.tools);
  return `${input.kind}-${FINGERPRINT_VERSION}:${await sha256Hex(text)}`;
}

/**
 * The canonical JSON of an MCP server's fields with its tools sorted by name, the
 * same text `canonicalJson` writes for `{ ...head, tools, url }`, built by hand so
 * each tool's schema text comes from the memo below. Every key of `head` sorts
 * before "tools", and "tools" before "url".
 */
function mcpCanonicalText(
  head: Record<string, unknown>,
  url: string,
  tools: readonly McpToolFingerprintInput[],
): string {
  const sorted = [...tools].sort((left, right) =>
    left.name < right.name ? -1 : left.name > right.name ? 1 : 0,
  );
  const parts = sorted.map(
    (tool) =>
      `{"description":${JSON.stringify(tool.description ?? null)},"inputSchema":${canonicalSchemaText(tool.inputSchema)},"name":${JSON.stringify(tool.name)}}`,
  );
  return `${canonicalJson(head).slice(0, -1)},"tools":[${parts.join(',')}],"url":${JSON.stringify(url)}}`;
}

// A server is rediscovered at every run start once its TTL ends and sends the same
// schemas again; sorting each one's keys anew was most of the fingerprint's cost.
// The canonical text is remembered by the schema's exact JSON text: equal texts
// mean equal schemas as JSON carries them, and any change to a schema is a new
// text, canonicalized (and checked) afresh. Only texts that canonicalized are kept.
const canonicalSchemas = new Map<string, string>();
const MAX_CANONICAL_SCHEMAS = 4_096;

function canonicalSchemaText(schema: unknown): string {
  let exact: string | undefined;
  try {
    exact = JSON.stringify(schema) as string | undefined;
  } catch {
    exact = undefined; // a cycle or a bigint: canonicalJson below says which
  }
  const known = exact === undefined ? undefined : canonicalSchemas.get(exact);
  if (known !== undefined) return known;
  // A schema sits three levels down (fields, tools, tool): the depth limit counts them.
  const canonical = canonicalJson(schema, 3);
  if (exact !== undefined && exact.length <= 65_536) {
    // Stryker disable next-line all: the bound only caps the memo's memory; texts are the same either way
    if (canonicalSchemas.size >= MAX_CANONICAL_SCHEMAS) canonicalSchemas.clear();
    canonicalSchemas.set(exact, canonical);
  }
  return canonical;
}

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
