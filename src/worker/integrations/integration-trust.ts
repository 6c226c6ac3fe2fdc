// ## Owns
// Computing the trust identities of saved integrations: the custom tool fingerprint
// from the record itself, and for MCP a configuration digest (checked on save, so
// editing clears trust at once) plus the full fingerprint with the advertised tools
// (checked at every discovery).
import { canonicalJson, fingerprintIntegration, sha256Hex } from './trust-fingerprint';
import { storedHeaders, type CustomToolRecord, type McpServerRecord } from './integration-records';

/** The fingerprint of a custom tool as saved now. */
export function fingerprintCustomTool(record: CustomToolRecord): Promise<string> {
  return fingerprintIntegration({
    kind: 'custom',
    id: record.id,
    name: record.name,
    description: record.description,
    endpoint: record.endpoint,
    insecureOriginAcknowledged: record.insecureOriginAcknowledged ?? undefined,
    headers: storedHeaders(record.headers, 'custom') ?? {},
    schema: record.schema,
  });
}

/** Whether a custom tool's saved trust still matches it exactly. */
export async function isCustomToolTrusted(record: CustomToolRecord): Promise<boolean> {
  return (
    record.trust !== null && record.trust.fingerprint === (await fingerprintCustomTool(record))
  );
}

/** The digest of an MCP server's saved configuration (everything but the tools). */
export function mcpConfigDigest(record: McpServerRecord): Promise<string> {
  return sha256Hex(
    canonicalJson({
      id: record.id,
      name: record.name,
      url: record.url,
      headers: record.headers.map((row) => [row.name, row.value]),
      mode: record.protocolMode,
      ack: record.insecureOriginAcknowledged,
    }),
  );
}

/** Saved MCP trust survives an edit only when the configuration is unchanged. */
export async function keepMcpTrust(
  previous: McpServerRecord | undefined,
  next: McpServerRecord,
): Promise<McpServerRecord['trust']> {
  if (!previous?.trust?.configDigest) return null;
  return previous.trust.configDigest === (await mcpConfigDigest(next)) ? previous.trust : null;
}

/** Saved custom trust survives an edit only when the fingerprint is unchanged. */
export async function keepCustomTrust(
  previous: CustomToolRecord | undefined,
  next: CustomToolRecord,
): Promise<CustomToolRecord['trust']> {
  if (!previous?.trust) return null;
  return previous.trust.fingerprint === (await fingerprintCustomTool(next)) ? previous.trust : null;
}
