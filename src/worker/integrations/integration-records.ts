// ## Owns
// The shapes integrations are stored in, and the helpers both kinds share:
// header rows to a checked header object, and saved-trust bookkeeping.
// ## Why trust sits on the record as a fingerprint
// Trust means "this exact integration"; it holds only while the fingerprint stored
// when the user trusted it equals the one computed from the record as it is now
// (and, for MCP, from the tools the server advertises now).
import type { ErrorCode } from '../../shared/protocol/error-codes';
import type { HeaderRow, McpProtocolMode } from '../../shared/protocol/integration-messages';
import { checkHeaders, type HeaderKind } from './endpoint-policy';

/** Saved trust: the fingerprint at the moment the user trusted the integration. */
export interface SavedTrust {
  readonly fingerprint: string;
  /** MCP: digest of the saved configuration, so an edit clears trust without a discovery. */
  readonly configDigest?: string;
  /** MCP: how many advertised tools the user reviewed. */
  readonly toolCount?: number;
}

/** A custom HTTP tool as stored. `schema` is the parsed, gated `schemaJson`. */
export interface CustomToolRecord {
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly endpoint: string;
  readonly headers: readonly HeaderRow[];
  readonly schemaJson: string;
  readonly schema: Record<string, unknown>;
  readonly enabled: boolean;
  readonly insecureOriginAcknowledged: string | null;
  readonly trust: SavedTrust | null;
}

/** An MCP server as stored. */
export interface McpServerRecord {
  readonly id: string;
  readonly name: string;
  readonly url: string;
  readonly headers: readonly HeaderRow[];
  readonly enabled: boolean;
  readonly protocolMode: McpProtocolMode;
  readonly insecureOriginAcknowledged: string | null;
  readonly trust: SavedTrust | null;
  /** Hard cap for one call in seconds (absent: the default, 300). */
  readonly callLimitSeconds?: number;
}

/** A refusal at save time, with the form path it belongs to (`headers[1].name`, `schemaJson`, `$.properties.x`). */
export interface ConfigRefusal {
  readonly ok: false;
  readonly code: ErrorCode;
  readonly message: string;
  readonly path: string;
  readonly details?: Record<string, unknown>;
}

/**
 * Header rows to the object the transports send, through the header policy for
 * `kind`. Exact duplicate names are refused here because an object would merge
 * them silently; case-insensitive duplicates are refused by checkHeaders.
 */
export function headersFromRows(
  rows: readonly HeaderRow[],
  kind: HeaderKind,
): { ok: true; headers: Record<string, string> } | ConfigRefusal {
  const seen = new Set<string>();
  for (const [index, row] of rows.entries()) {
    if (seen.has(row.name))
      return {
        ok: false,
        code: 'INVALID_HEADER',
        message: `Header ${row.name} is configured twice.`,
        path: `headers[${index}].name`,
      };
    seen.add(row.name);
  }
  const checked = checkHeaders(Object.fromEntries(rows.map((row) => [row.name, row.value])), kind);
  if (checked.ok) return checked;
  const name = typeof checked.details['name'] === 'string' ? checked.details['name'] : undefined;
  const index =
    name === undefined
      ? -1
      : rows.findIndex((row) => row.name.toLowerCase() === name.toLowerCase());
  return {
    ok: false,
    code: checked.code,
    message: checked.message,
    path: index >= 0 ? `headers[${index}]` : 'headers',
    details: checked.details,
  };
}

/** The header object of a stored record; a record that no longer passes the policy sends nothing. */
export function storedHeaders(
  rows: readonly HeaderRow[],
  kind: HeaderKind,
): Record<string, string> | null {
  const checked = headersFromRows(rows, kind);
  return checked.ok ? checked.headers : null;
}
