// ## Owns
// The files a run downloaded, kept by download id so read_downloaded_file and read_pdf
// can read them back. An extension cannot open files on the person's disk, so the
// bytes it fetched before handing them to Downloads are kept here, in the worker's
// memory, for the run: bounded in files and bytes per run and in runs kept, and gone
// when the worker stops (a later read then says the file is unknown).

export const MAX_DOWNLOADS_PER_RUN = 50;
/** Bytes kept per run; a file past this is still saved but cannot be read back. */
export const MAX_KEPT_BYTES_PER_RUN = 60_000_000;
const MAX_RUNS_KEPT = 4;

export interface StoredFile {
  readonly downloadId: number;
  readonly url: string;
  readonly filename: string;
  readonly contentType: string;
  readonly size: number;
  /** Absent when the run's byte bound was reached: saved, not readable back. */
  readonly bytes?: Uint8Array;
}

interface RunFiles {
  readonly files: StoredFile[];
  /** Downloads started, including those still in flight. */
  started: number;
  keptBytes: number;
}

const runs = new Map<string, RunFiles>();

function filesOf(runId: string): RunFiles {
  let entry = runs.get(runId);
  if (!entry) {
    entry = { files: [], started: 0, keptBytes: 0 };
    runs.set(runId, entry);
    for (const old of runs.keys()) if (runs.size > MAX_RUNS_KEPT) runs.delete(old);
  }
  return entry;
}

/** Reserves `count` downloads of the run's cap; false when they would pass it. */
export function reserveDownloads(runId: string, count: number): boolean {
  const entry = filesOf(runId);
  if (entry.started + count > MAX_DOWNLOADS_PER_RUN) return false;
  entry.started += count;
  return true;
}

/** Downloads the run may still start. */
export const downloadsLeft = (runId: string) =>
  MAX_DOWNLOADS_PER_RUN - (runs.get(runId)?.started ?? 0);

export function keepFile(runId: string, file: StoredFile): StoredFile {
  const entry = filesOf(runId);
  const fits = file.bytes && entry.keptBytes + file.bytes.byteLength <= MAX_KEPT_BYTES_PER_RUN;
  const { bytes: _left, ...saved } = file;
  const kept: StoredFile = fits ? file : saved;
  if (fits) entry.keptBytes += file.bytes!.byteLength;
  entry.files.push(kept);
  return kept;
}

export const runFiles = (runId: string): readonly StoredFile[] => runs.get(runId)?.files ?? [];

export const storedFile = (runId: string, downloadId: number) =>
  runFiles(runId).find((file) => file.downloadId === downloadId);
