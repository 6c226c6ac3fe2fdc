// ## Owns
// Turning the Settings -> Tools form into a stored custom tool:
// name rules and collisions, endpoint policy, header policy and the schema gate,
// each refusal pointing at the form field it belongs to.
import type { CustomToolInput } from '../../../shared/protocol/integration-messages';
import { checkSchemaSubset } from '../../tools/schema-subset';
import { checkEndpoint } from '../endpoint-policy';
import { headersFromRows, type ConfigRefusal, type CustomToolRecord } from '../integration-records';

/** Letter first, then letters, digits or `_`; 2-41 characters in all. */
export const CUSTOM_TOOL_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{1,40}$/;
/** MCP tools are shown as `mcp__...`; a custom tool may not pose as one. */
const RESERVED_PREFIX = 'mcp__';

/** What a name must not collide with: built-in names and the other custom tools. */
export interface CustomToolNameContext {
  readonly builtinNames: readonly string[];
  readonly others: readonly Pick<CustomToolRecord, 'id' | 'name'>[];
}

/** Check a custom tool name; null when it is acceptable. */
export function checkCustomToolName(
  name: string,
  id: string | undefined,
  context: CustomToolNameContext,
): ConfigRefusal | null {
  if (!CUSTOM_TOOL_NAME_PATTERN.test(name)) {
    return {
      ok: false,
      code: 'CUSTOM_TOOL_NAME_INVALID',
      path: 'name',
      message: 'A tool name starts with a letter and has 2-41 letters, digits or underscores.',
    };
  }
  const lower = name.toLowerCase();
  if (lower.startsWith(RESERVED_PREFIX)) {
    return {
      ok: false,
      code: 'CUSTOM_TOOL_NAME_INVALID',
      path: 'name',
      message: 'Names starting with mcp__ are reserved for MCP tools.',
    };
  }
  if (context.builtinNames.some((builtin) => builtin.toLowerCase() === lower)) {
    return {
      ok: false,
      code: 'CUSTOM_TOOL_NAME_COLLISION',
      path: 'name',
      message: `"${name}" is the name of a built-in tool.`,
    };
  }
  const other = context.others.find((tool) => tool.id !== id && tool.name.toLowerCase() === lower);
  if (other)
    return {
      ok: false,
      code: 'CUSTOM_TOOL_NAME_COLLISION',
      path: 'name',
      message: `Another custom tool is already called "${other.name}".`,
    };
  return null;
}

/** Parse and gate the schema text; refusals carry the JSON path of the offending keyword. */
export function parseCustomToolSchema(
  schemaJson: string,
): { ok: true; schema: Record<string, unknown> } | ConfigRefusal {
  let schema: unknown;
  try {
    schema = JSON.parse(schemaJson);
  } catch (error) {
    return {
      ok: false,
      code: 'INVALID_SCHEMA',
      path: 'schemaJson',
      message: `The schema is not valid JSON: ${error instanceof Error ? error.message : 'parse error'}`,
    };
  }
  const gate = checkSchemaSubset(schema);
  if (!gate.ok) {
    const first = gate.details.errors[0];
    return {
      ok: false,
      code: gate.code,
      path: first?.path ?? '$',
      message: first ? `${first.path}: ${first.message}` : gate.message,
      details: gate.details,
    };
  }
  return { ok: true, schema: schema as Record<string, unknown> };
}

/**
 * Validate the form and build the record to store, without trust (the store
 * decides whether existing trust survives). `id` is the existing id or a new one.
 */
export function buildCustomToolRecord(
  input: CustomToolInput,
  id: string,
  context: CustomToolNameContext,
): { ok: true; record: CustomToolRecord } | ConfigRefusal {
  const name = input.name.trim();
  const nameRefusal = checkCustomToolName(name, id, context);
  if (nameRefusal) return nameRefusal;
  if (input.description.trim() === '')
    return {
      ok: false,
      code: 'INTEGRATION_INVALID',
      path: 'description',
      message: 'Describe what the tool does; the model reads this.',
    };
  const endpoint = checkEndpoint(input.endpoint, {
    insecureOriginAcknowledged: input.insecureOriginAcknowledged ?? undefined,
  });
  if (!endpoint.ok)
    return {
      ok: false,
      code: endpoint.code,
      message: endpoint.message,
      path: 'endpoint',
      details: endpoint.details,
    };
  const headers = headersFromRows(input.headers, 'custom');
  if (!headers.ok) return headers;
  const schema = parseCustomToolSchema(input.schemaJson);
  if (!schema.ok) return schema;
  return {
    ok: true,
    record: {
      id,
      name,
      description: input.description.trim(),
      endpoint: input.endpoint,
      headers: input.headers.map((row) => ({ name: row.name, value: row.value })),
      schemaJson: input.schemaJson,
      schema: schema.schema,
      enabled: input.enabled,
      // Consent is kept only for the endpoint's own origin: another origin cannot inherit it.
      insecureOriginAcknowledged:
        endpoint.transport === 'acknowledged-http' ? endpoint.origin : null,
      trust: null,
    },
  };
}
