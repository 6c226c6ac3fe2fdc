// ## Owns
// What "the exact integration the user trusted" means (study APR-04, section 6
// item 13): a SHA-256 over a canonical JSON of everything that decides where data
// goes and what the model is told, and the stable hashed names MCP tools get.
// ## Why
// Trust is stored as a fingerprint and compared at dispatch, so any edit to the
// name, destination, headers, schema or protocol, and for MCP any tool the server
// adds, removes or redefines, makes the fingerprints differ and the call asks again.
// SHA-256 replaces the reference's 32-bit FNV: a fingerprint is a security
// decision and a 32-bit hash can be matched deliberately. Header values (often
// credentials) are hashed, never stored here; the fingerprint sits next to the
// headers themselves, so it reveals nothing new.

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
  if (depth > MAX_CANONICAL_DEPTH)
    throw new TypeError('Value is nested too deeply to fingerprint.');
  if (value === null || typeof value === 'boolean' || typeof value === 'string')
    return JSON.stringify(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError('Non-finite numbers cannot be fingerprinted.');
    return JSON.stringify(value);
  }
  if (Array.isArray(value)) {
    return `[${value.map((item: unknown) => canonicalJson(item, depth + 1)).join(',')}]`;
  }
  if (typeof value === 'object') {
    const keys = Object.keys(value).sort();
    const record = value as Record<string, unknown>;
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key], depth + 1)}`).join(',')}}`;
  }
  throw new TypeError(`A ${typeof value} cannot be fingerprinted.`);
}

async function sha256Bytes(text: string): Promise<Uint8Array> {
  // Canonical JSON escapes lone surrogates (well-formed JSON.stringify), so the
  // UTF-8 encoding below never merges two different texts through U+FFFD.
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** Lower-case hex SHA-256 of the UTF-8 encoding of `text`. */
export async function sha256Hex(text: string): Promise<string> {
  const bytes = await sha256Bytes(text);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
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
  const fields =
    input.kind === 'custom'
      ? {
          ...common,
          protocol: 'custom-http-post-json',
          description: input.description,
          endpoint: input.endpoint,
          schema: input.schema,
        }
      : {
          ...common,
          protocol: input.protocol,
          url: input.url,
          tools: [...input.tools]
            .map((tool) => ({
              name: tool.name,
              description: tool.description ?? null,
              inputSchema: tool.inputSchema,
            }))
            .sort((left, right) => (left.name < right.name ? -1 : left.name > right.name ? 1 : 0)),
        };
  return `${input.kind}-${FINGERPRINT_VERSION}:${await sha256Hex(canonicalJson(fields))}`;
}

// RFC 4648 base32hex, lower-case: 5 bits per character and only [0-9a-v].
const BASE32_ALPHABET = '0123456789abcdefghijklmnopqrstuv';

/** The first `characters * 5` bits of SHA-256(text) in base32hex. */
async function hashCharacters(text: string, characters: number): Promise<string> {
  const bytes = await sha256Bytes(text);
  let output = '';
  for (let index = 0; index < characters; index += 1) {
    const bit = index * 5;
    const pair = ((bytes[bit >> 3] ?? 0) << 8) | (bytes[(bit >> 3) + 1] ?? 0);
    output += BASE32_ALPHABET[(pair >> (11 - (bit & 7))) & 31];
  }
  return output;
}

/** Replace runs outside `[A-Za-z0-9_-]` with `_`, trim `_`, cut, fall back when empty. */
function slug(text: string, maxLength: number, fallback: string): string {
  const trim = (value: string) => value.replace(/^_+|_+$/g, '');
  const cut = trim(trim(text.replace(/[^A-Za-z0-9_-]+/g, '_')).slice(0, maxLength));
  return cut === '' ? fallback : cut;
}

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
export async function mcpVisibleName(
  serverId: string,
  serverLabel: string,
  toolName: string,
): Promise<string> {
  const serverHash = await hashCharacters(serverId, SERVER_HASH_CHARACTERS);
  const toolHash = await hashCharacters(JSON.stringify([serverId, toolName]), TOOL_HASH_CHARACTERS);
  const serverSlug = slug(serverLabel, SERVER_SLUG_LENGTH, 'server');
  const toolSlug = slug(toolName, TOOL_SLUG_LENGTH, 'tool');
  return `mcp__${serverSlug}_${serverHash}__${toolSlug}_${toolHash}`;
}
