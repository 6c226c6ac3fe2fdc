// ## Owns
// The Traces page's export: one run as a JSON file (format tag, the run, its events
// with their details parsed back into JSON), filtered for secrets once more on the
// way out, handed to the browser as a download through a blob link.
import { scrubValue } from '../../shared/secrets/trace-scrub';
import {
  TRACE_EXPORT_FORMAT,
  type TraceEvent,
  type TraceRun,
} from '../../shared/protocol/trace-records';

function parsedDetail(detail: string): unknown {
  if (detail === '') return null;
  try {
    return JSON.parse(detail) as unknown;
  } catch {
    return detail;
  }
}

/** The export file's text. */
export function traceExportText(
  run: TraceRun,
  events: readonly TraceEvent[],
  exportedAt: number,
): string {
  const file = {
    format: TRACE_EXPORT_FORMAT,
    exportedAt: new Date(exportedAt).toISOString(),
    run,
    events: events.map((event) => ({ ...event, detail: parsedDetail(event.detail) })),
  };
  return JSON.stringify(scrubValue(file), null, 2);
}

export const exportFileName = (run: TraceRun) =>
  `side-agent-trace-${new Date(run.startedAt).toISOString().replace(/[:.]/g, '-')}.json`;

/** Starts the download of `text` as `fileName`. */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has read the blob once the click was handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
