// ## Owns
// The `side-agent-memory` v1 export file: writing it, and reading one back into
// candidate records for normalize-memory.ts. A file that is not such an export is
// refused whole with MEMORY_IMPORT_INVALID; its records are judged one by one later.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { MemoryRecord } from '../../shared/protocol/memory-messages';

export const MEMORY_EXPORT_FORMAT = 'side-agent-memory';
export const MEMORY_EXPORT_VERSION = 1;
/** Most records one file may list (more is refused, not cut). */
export const MAX_IMPORT_RECORDS = 2_000;

/** The export file's text. */
export function serializeMemoryExport(
  records: readonly MemoryRecord[],
  exportedAt: number,
): string {
  return JSON.stringify(
    { format: MEMORY_EXPORT_FORMAT, version: MEMORY_EXPORT_VERSION, exportedAt, records },
    null,
    2,
  );
}

const invalid = (why: string) =>
  new ProtocolFailure(
    'MEMORY_IMPORT_INVALID',
    `That file is not a Side Agent memory export: ${why}`,
  );

/** The candidate records of an export file (unchecked). */
export function parseMemoryExport(json: string): unknown[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw invalid('it is not valid JSON.');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw invalid('it does not hold an export object.');
  const file = parsed as Record<string, unknown>;
  if (file['format'] !== MEMORY_EXPORT_FORMAT)
    throw invalid('its format is not side-agent-memory.');
  if (file['version'] !== MEMORY_EXPORT_VERSION)
    throw invalid(`its version ${String(file['version'])} is not one this version reads.`);
  const records = file['records'];
  if (!Array.isArray(records)) throw invalid('it has no list of records.');
  if (records.length > MAX_IMPORT_RECORDS)
    throw new ProtocolFailure(
      'MEMORY_IMPORT_TOO_LARGE',
      `That file lists ${records.length} records; at most ${MAX_IMPORT_RECORDS} can be imported at once.`,
    );
  return records;
}
