// Panel -> worker methods for integrations: custom HTTP tools (Settings -> Tools),
// MCP servers (Settings -> MCP) and saved trust. Spread into panel-to-worker.ts;
// handlers live in src/worker/handlers/integration.handlers.ts.
// ## Why headers are rows and schemas are text
// Rows keep the user's order and let a refusal point at one row (`headers[2]`);
// the schema travels as the JSON text the user typed, so the worker parses it
// under its own bounds and reports the offending path.
import { z } from '../schema/zod';
import { IdSchema, TimestampSchema, boundedArray, boundedString } from '../schema/bounded';
import type { MethodSpec } from './define-channel';

/** Longest schema JSON text accepted from the form. */
export const MAX_SCHEMA_JSON_CHARS = 65_536;

export const HeaderRowSchema = z.strictObject({
  name: boundedString(128),
  value: boundedString(4_096),
});
export type HeaderRow = z.infer<typeof HeaderRowSchema>;
const headerRows = boundedArray(HeaderRowSchema, 32);

/** MCP protocol revision to speak. `auto` tries 2026-07-28 and falls back to the older revisions. */
export const McpProtocolModeSchema = z.enum(['auto', '2026-07-28']);
export type McpProtocolMode = z.infer<typeof McpProtocolModeSchema>;

const customToolFields = {
  name: boundedString(64),
  description: boundedString(2_000),
  endpoint: boundedString(2_048),
  headers: headerRows,
  schemaJson: boundedString(MAX_SCHEMA_JSON_CHARS),
  enabled: z.boolean(),
  /** The exact plain-HTTP origin the user acknowledged, or null. */
  insecureOriginAcknowledged: boundedString(2_048).nullable(),
};

export const CustomToolInputSchema = z.strictObject({
  id: IdSchema.optional(),
  ...customToolFields,
});
export type CustomToolInput = z.infer<typeof CustomToolInputSchema>;
export const CustomToolViewSchema = z.strictObject({
  id: IdSchema,
  ...customToolFields,
  trusted: z.boolean(),
});
export type CustomToolView = z.infer<typeof CustomToolViewSchema>;

const mcpServerFields = {
  name: boundedString(80),
  url: boundedString(2_048),
  headers: headerRows,
  enabled: z.boolean(),
  protocolMode: McpProtocolModeSchema,
  insecureOriginAcknowledged: boundedString(2_048).nullable(),
  /** Hard cap for one tool call in seconds; progress keeps a call alive only until then. */
  callLimitSeconds: z.number().int().min(10).max(3_600).optional(),
};

export const McpServerInputSchema = z.strictObject({ id: IdSchema.optional(), ...mcpServerFields });
export type McpServerInput = z.infer<typeof McpServerInputSchema>;
export const McpServerViewSchema = z.strictObject({
  id: IdSchema,
  ...mcpServerFields,
  trusted: z.boolean(),
  /** How many advertised tools the trust covers (reviewed at trust time). */
  trustedToolCount: z.number().int().min(0).nullable(),
  /** Whether Side Agent holds an OAuth sign-in for this server (the tokens never leave the worker). */
  signedIn: z.boolean(),
});
export type McpServerView = z.infer<typeof McpServerViewSchema>;

const shortText = boundedString(1_000);
export const ProbeToolSchema = z.strictObject({
  name: boundedString(256),
  visibleName: boundedString(64),
  description: boundedString(2_000),
});
export const RejectedToolSchema = z.strictObject({
  name: boundedString(256),
  code: boundedString(64),
  message: shortText,
  path: boundedString(512).optional(),
});

/** What "Probe tools" shows: the negotiated revision, valid and rejected tools, pages and cache state. */
export const McpProbeResultSchema = z.union([
  z.strictObject({
    ok: z.literal(true),
    negotiatedVersion: boundedString(32),
    /** True when the server did not speak 2026-07-28 and an older revision was used. */
    isFallback: z.boolean(),
    tools: boundedArray(ProbeToolSchema, 500),
    rejected: boundedArray(RejectedToolSchema, 1_000),
    pages: z.number().int().min(0),
    cache: z.strictObject({
      status: z.enum(['hit', 'miss', 'refreshed', 'not-cached']),
      ttlMs: z.number().int().min(0),
      scope: z.enum(['public', 'private']),
      expiresAt: TimestampSchema.nullable(),
    }),
  }),
  z.strictObject({ ok: z.literal(false), code: boundedString(64), message: shortText }),
]);
export type McpProbeResult = z.infer<typeof McpProbeResultSchema>;

const customList = z.strictObject({ tools: boundedArray(CustomToolViewSchema, 100) });
const mcpList = z.strictObject({ servers: boundedArray(McpServerViewSchema, 50) });

export const integrationRequestMethods = {
  'custom-tools/list': { request: z.strictObject({}), response: customList },
  /** Validates name rules, endpoint, headers and the schema subset; refusals carry `details.path`. Clears trust on change. */
  'custom-tools/save': {
    request: z.strictObject({ tool: CustomToolInputSchema }),
    response: customList,
  },
  'custom-tools/delete': { request: z.strictObject({ id: IdSchema }), response: customList },
  'mcp/list': { request: z.strictObject({}), response: mcpList },
  /** Validates URL and headers; clears trust on change. The panel asks for host permission first. */
  'mcp/save': { request: z.strictObject({ server: McpServerInputSchema }), response: mcpList },
  'mcp/delete': { request: z.strictObject({ id: IdSchema }), response: mcpList },
  /** Discovers tools now (bypassing a fresh cache) for a saved server or unsaved form values. */
  'mcp/probe': {
    request: z.union([
      z.strictObject({ savedId: IdSchema }),
      z.strictObject({ draft: McpServerInputSchema }),
    ]),
    response: McpProbeResultSchema,
  },
  /**
   * Sign in to a saved server that asks for OAuth: the authorization page opens
   * (chrome.identity), the tokens stay in the worker. Answers with a fresh probe.
   */
  'mcp/sign-in': { request: z.strictObject({ id: IdSchema }), response: McpProbeResultSchema },
  /** Forget the server's sign-in (tokens and client registration). */
  'mcp/sign-out': { request: z.strictObject({ id: IdSchema }), response: mcpList },
  /** Trust or untrust one saved integration; MCP trust covers the tools advertised right now. */
  'trust/set': {
    request: z.strictObject({
      kind: z.enum(['custom', 'mcp']),
      id: IdSchema,
      trusted: z.boolean(),
    }),
    response: z.strictObject({ trusted: z.boolean() }),
  },
} as const satisfies Record<string, MethodSpec>;
