// ## Owns
// One run on the Traces page: its summary (status, size, why recording stopped in
// plain words), a search over its events, the timeline with each event's phase,
// kind, offset and duration, a viewer for the chosen event's request, response or
// result JSON, and Export and Delete.
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { TraceEvent, TraceRun } from '../../shared/protocol/trace-records';
import { formErrorText, personError } from '../errors/error-text';
import { downloadText, exportFileName, traceExportText } from './trace-export';
import type { TracesClient } from './traces-page';
import { offsetText, sizeText, statusText } from './trace-words';

function matches(event: TraceEvent, query: string): boolean {
  if (query === '') return true;
  const needle = query.toLowerCase();
  return [event.summary, event.detail, event.name ?? '', event.kind, event.phase].some((text) =>
    text.toLowerCase().includes(needle),
  );
}

export function TraceRunView(props: {
  readonly client: TracesClient;
  readonly runId: string;
  readonly onDeleted: () => void;
}) {
  const [trace, setTrace] = useState<{ run: TraceRun; events: TraceEvent[] } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<number | null>(null);
  useEffect(() => {
    void props.client.request('traces/get', { runId: props.runId }).then((result) => {
      if (result.ok) setTrace(result.data);
      else setMessage(formErrorText(result.error));
    });
  }, [props.client, props.runId]);
  const shown = useMemo(
    () => (trace ? trace.events.filter((event) => matches(event, query.trim())) : []),
    [trace, query],
  );
  if (!trace) return <p role="status">{message ?? 'Loading the trace…'}</p>;
  const { run, events } = trace;
  const remove = async () => {
    const result = await props.client.request('traces/delete', { runId: run.runId });
    if (result.ok) props.onDeleted();
    else setMessage(formErrorText(result.error));
  };
  const chosen = events.find((event) => event.seq === open);
  return (
    <section class="traces-run-view" aria-label="Trace timeline" data-testid="trace-view">
      <div class="traces-run-head">
        <h2>{run.title || '(untitled run)'}</h2>
        <span class="traces-meta" data-testid="trace-run-meta">
          {statusText(run.status)} · {events.length} events · {sizeText(run.bytes)}
        </span>
        <button
          type="button"
          data-testid="trace-export"
          onClick={() =>
            downloadText(traceExportText(run, events, Date.now()), exportFileName(run))
          }
        >
          Export JSON
        </button>
        <button
          type="button"
          class="sa-danger"
          data-testid="trace-delete"
          onClick={() => void remove()}
        >
          Delete
        </button>
      </div>
      {run.errorCode ? (
        <div class="traces-run-error" data-testid="trace-run-error">
          <p>{personError(run.errorCode).text}</p>
          <details>
            <summary>Details</summary>
            <code data-testid="trace-run-error-code">{run.errorCode}</code>
          </details>
        </div>
      ) : null}
      {run.stopped ? (
        <p class="sa-field-error" data-testid="trace-stopped">
          {personError(run.stopped).text}
        </p>
      ) : null}
      {message !== null ? <p role="status">{message}</p> : null}
      <input
        type="search"
        class="traces-search"
        placeholder="Search this run"
        aria-label="Search this run"
        data-testid="trace-search"
        value={query}
        onInput={(event) => setQuery(event.currentTarget.value)}
      />
      <ol class="traces-timeline" data-testid="trace-timeline">
        {shown.map((event) => (
          <li key={event.seq} data-kind={event.kind} data-phase={event.phase}>
            <button
              type="button"
              class="traces-event"
              data-testid="trace-event"
              aria-expanded={open === event.seq}
              onClick={() => setOpen(open === event.seq ? null : event.seq)}
            >
              <span class="traces-offset">{offsetText(event.at, run.startedAt)}</span>
              <span class="traces-phase">{event.phase}</span>
              <span class="traces-kind">{event.kind}</span>
              <span class="traces-summary">{event.summary}</span>
              {event.durationMs !== undefined ? (
                <span class="traces-meta">{event.durationMs} ms</span>
              ) : null}
            </button>
          </li>
        ))}
      </ol>
      {shown.length === 0 ? <p role="status">No event matches.</p> : null}
      {chosen ? (
        <section class="traces-viewer" aria-label={`${chosen.kind} detail`}>
          <h3>
            {chosen.kind} · {chosen.name ?? chosen.phase}
          </h3>
          <pre data-testid="trace-detail">{chosen.detail || '(no detail)'}</pre>
        </section>
      ) : null}
    </section>
  );
}
