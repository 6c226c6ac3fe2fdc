// Shared fixtures for the MCP unit tests: schemas, a saved server record, an in-memory
// discovery cache. Test support only; the product build never imports it.
import type { McpServerRecord } from '../../../src/worker/integrations/integration-records';
import {
  createDiscoveryCache,
  createMemoryArea,
} from '../../../src/worker/integrations/mcp/discovery-cache';
import type { McpDiscovery } from '../../../src/worker/integrations/mcp/mcp-discovery';

export const regionSchema = {
  type: 'object',
  properties: {
    region: { type: 'string', 'x-mcp-header': 'Region' },
    count: { type: 'integer', 'x-mcp-header': 'N' },
    text: { type: 'string' },
  },
} as const;

/** Five valid tools, one with an invalid schema, one invalid x-mcp-header. */
export const peerTools: Record<string, unknown>[] = [
  ...[0, 1, 2, 3, 4].map((index) => ({
    name: `tool_${index}`,
    description: `Tool ${index}`,
    inputSchema: regionSchema,
  })),
  {
    name: 'bad_schema',
    description: 'uses $ref',
    inputSchema: { type: 'object', properties: { a: { $ref: '#/x' } } },
  },
];

export function serverRecord(url: string, extra: Partial<McpServerRecord> = {}): McpServerRecord {
  return {
    id: 'srv-1',
    name: 'Files',
    url,
    headers: [{ name: 'X-Key', value: 'k1' }],
    enabled: true,
    protocolMode: 'auto',
    insecureOriginAcknowledged: null,
    trust: null,
    ...extra,
  };
}

export function memoryDeps(extra: { timeoutMs?: number } = {}) {
  const area = createMemoryArea();
  return { area, deps: { fetch, cache: createDiscoveryCache<McpDiscovery>(area), ...extra } };
}

export const never = new AbortController().signal;

/** The form values of an MCP server as Settings sends them. */
export const mcpInput = (url: string) => ({
  name: 'Files',
  url,
  headers: [],
  enabled: true,
  protocolMode: 'auto' as const,
  insecureOriginAcknowledged: null,
});
