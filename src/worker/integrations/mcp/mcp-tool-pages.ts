// ## Owns
// Reading every `tools/list` page of one server within the bounds: at most 20
// pages and 10,000 advertised tools, a cursor that repeats ends the walk, and the
// last page's `ttlMs` / `cacheScope` are reported for the discovery cache.
// ## Why not `client.listTools()`
// It validates each page against the full Tool schema, so one malformed tool
// rejects the page and the whole server, and it drops `x-mcp-header` tools with
// only a console warning. Pages are read raw on the SDK's transport (see
// mcp-transport-guard.ts), their shape is checked here and each tool is judged by
// mcp-tool-validation.ts.
import type { IntegrationFailure } from '../integration-error';
import { MCP_MAX_PAGES } from './mcp-errors';
import type { McpSession } from './mcp-session';

/** Most tools read from one server, valid or not; the rest are not even looked at. */
export const MCP_MAX_ADVERTISED_TOOLS = 10_000;

interface ToolsPage {
  readonly tools: readonly unknown[];
  readonly nextCursor?: string | undefined;
  readonly ttlMs?: unknown;
  readonly cacheScope?: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function pageOf(value: unknown): ToolsPage | null {
  if (
    isRecord(value) &&
    Array.isArray(value['tools']) &&
    (value['nextCursor'] === undefined || typeof value['nextCursor'] === 'string') &&
    (value['resultType'] === undefined || value['resultType'] === 'complete')
  )
    return value as unknown as ToolsPage;
  return null;
}

/** Every page, or a structured failure. */
export type ToolPages =
  | {
      readonly ok: true;
      readonly tools: unknown[];
      readonly pages: number;
      readonly ttlMs: unknown;
      readonly cacheScope: unknown;
    }
  | IntegrationFailure;

/** Walk `tools/list` on an open session. SDK errors propagate to the caller's mapping. */
export async function listToolPages(session: McpSession, timeoutMs: number): Promise<ToolPages> {
  const tools: unknown[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  for (let pages = 1; ; pages += 1) {
    const page = pageOf(
      await session.rawRequest('tools/list', cursor === undefined ? {} : { cursor }, {
        signal: session.signal,
        timeoutMs,
      }),
    );
    if (page === null)
      return {
        ok: false,
        code: 'MCP_PROTOCOL_ERROR',
        message: 'A tools/list page has no tools array, or a cursor that is not text.',
      };
    for (const tool of page.tools) {
      if (tools.length >= MCP_MAX_ADVERTISED_TOOLS) break;
      tools.push(tool);
    }
    cursor = page.nextCursor;
    if (cursor === undefined || tools.length >= MCP_MAX_ADVERTISED_TOOLS)
      return { ok: true, tools, pages, ttlMs: page.ttlMs, cacheScope: page.cacheScope };
    if (pages >= MCP_MAX_PAGES)
      return {
        ok: false,
        code: 'MCP_PAGE_LIMIT',
        message: `tools/list needs more than ${MCP_MAX_PAGES} pages.`,
      };
    if (seenCursors.has(cursor))
      return {
        ok: false,
        code: 'MCP_PROTOCOL_ERROR',
        message: 'The server sent the same tools/list page cursor twice; its list does not end.',
      };
    seenCursors.add(cursor);
  }
}
