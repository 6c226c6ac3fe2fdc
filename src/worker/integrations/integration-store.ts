// ## Owns
// Persisting custom tools and MCP servers in chrome.storage.local (through an
// injected key-value area, the storage layer's pattern) under two versioned keys,
// and reading them back fail-closed: a record that no longer parses is dropped,
// a custom tool whose schema no longer passes the gate is dropped and reported.
import { STORAGE_KEYS } from '../storage/storage-keys';
import { McpProtocolModeSchema } from '../../shared/protocol/integration-messages';
import { parseCustomToolSchema } from './custom-http/custom-tool-config';
import type { CacheArea } from './mcp/discovery-cache';
import type { CustomToolRecord, McpServerRecord, SavedTrust } from './integration-records';

/** Storage keys, from the one registry (src/worker/storage/storage-keys.ts). */
export const INTEGRATION_STORAGE_KEYS = {
  customTools: STORAGE_KEYS.customTools,
  mcpServers: STORAGE_KEYS.mcpServers,
} as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';

function readHeaders(value: unknown): { name: string; value: string }[] | null {
  if (!Array.isArray(value)) return null;
  const rows = value.filter(
    (row): row is { name: string; value: string } =>
      isRecord(row) && isString(row['name']) && isString(row['value']),
  );
  return rows.length === value.length
    ? rows.map((row) => ({ name: row.name, value: row.value }))
    : null;
}

function readTrust(value: unknown): SavedTrust | null {
  if (!isRecord(value) || !isString(value['fingerprint'])) return null;
  return {
    fingerprint: value['fingerprint'],
    ...(isString(value['configDigest']) ? { configDigest: value['configDigest'] } : {}),
    ...(typeof value['toolCount'] === 'number' ? { toolCount: value['toolCount'] } : {}),
  };
}

function readCustomTool(value: unknown): CustomToolRecord | null {
  if (!isRecord(value)) return null;
  const { id, name, description, endpoint, schemaJson, enabled, insecureOriginAcknowledged } =
    value;
  const headers = readHeaders(value['headers']);
  if (
    !isString(id) ||
    !isString(name) ||
    !isString(description) ||
    !isString(endpoint) ||
    !isString(schemaJson) ||
    typeof enabled !== 'boolean' ||
    headers === null
  )
    return null;
  const schema = parseCustomToolSchema(schemaJson);
  if (!schema.ok) return null;
  return {
    id,
    name,
    description,
    endpoint,
    headers,
    schemaJson,
    schema: schema.schema,
    enabled,
    insecureOriginAcknowledged: isString(insecureOriginAcknowledged)
      ? insecureOriginAcknowledged
      : null,
    trust: readTrust(value['trust']),
  };
}

function readMcpServer(value: unknown): McpServerRecord | null {
  if (!isRecord(value)) return null;
  const { id, name, url, enabled, insecureOriginAcknowledged } = value;
  const headers = readHeaders(value['headers']);
  const mode = McpProtocolModeSchema.safeParse(value['protocolMode']);
  if (
    !isString(id) ||
    !isString(name) ||
    !isString(url) ||
    typeof enabled !== 'boolean' ||
    headers === null ||
    !mode.success
  )
    return null;
  return {
    id,
    name,
    url,
    headers,
    enabled,
    protocolMode: mode.data,
    insecureOriginAcknowledged: isString(insecureOriginAcknowledged)
      ? insecureOriginAcknowledged
      : null,
    trust: readTrust(value['trust']),
    ...(Number.isInteger(value['callLimitSeconds']) &&
    (value['callLimitSeconds'] as number) >= 10 &&
    (value['callLimitSeconds'] as number) <= 3_600
      ? { callLimitSeconds: value['callLimitSeconds'] as number }
      : {}),
  };
}

/** Reads and writes the two integration lists. */
export interface IntegrationStore {
  customTools(): Promise<CustomToolRecord[]>;
  saveCustomTools(records: readonly CustomToolRecord[]): Promise<void>;
  mcpServers(): Promise<McpServerRecord[]>;
  saveMcpServers(records: readonly McpServerRecord[]): Promise<void>;
}

/** A store over `area` (chrome.storage.local in the worker). */
export function createIntegrationStore(area: CacheArea): IntegrationStore {
  const readList = async <T>(key: string, read: (value: unknown) => T | null): Promise<T[]> => {
    const raw = await area.get(key);
    return Array.isArray(raw) ? raw.map(read).filter((record): record is T => record !== null) : [];
  };
  return {
    customTools: () => readList(INTEGRATION_STORAGE_KEYS.customTools, readCustomTool),
    // The parsed schema is derived data: only the text the user typed is stored.
    saveCustomTools: (records) =>
      area.set(
        INTEGRATION_STORAGE_KEYS.customTools,
        records.map(({ schema: _schema, ...rest }) => rest),
      ),
    mcpServers: () => readList(INTEGRATION_STORAGE_KEYS.mcpServers, readMcpServer),
    saveMcpServers: (records) =>
      area.set(
        INTEGRATION_STORAGE_KEYS.mcpServers,
        records.map((record) => ({ ...record })),
      ),
  };
}
