// ## Owns
// The Traces page (an extension page opened from Settings → Traces): the stored runs
// newest first with their time, first words, status and size, the total size, and
// Delete all; choosing a run shows its timeline (trace-run-view.tsx).
import { render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import type { Client } from '../../shared/protocol/client';
import type { RequestChannel } from '../../shared/protocol/define-channel';
import type { traceRequestMethods } from '../../shared/protocol/trace-messages';
import type { TraceRun } from '../../shared/protocol/trace-records';
import { formErrorText } from '../errors/error-text';
import { createPanelApi } from '../app/panel-api';
import { runtimeRequestTransport } from '../transport/runtime-transport';
import { TraceRunView } from './trace-run-view';
import { sizeText, statusText, timeText } from './trace-words';

/** The methods this page calls. */
export type TracesClient = Client<RequestChannel<typeof traceRequestMethods>>;

export function mountTracesPage(root: HTMLElement): void {
  render(<TracesPage client={createPanelApi(runtimeRequestTransport)} />, root);
}

export function TracesPage({ client }: { readonly client: TracesClient }) {
  const [runs, setRuns] = useState<TraceRun[] | null>(null);
  const [total, setTotal] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const load = async () => {
    const result = await client.request('traces/list', {});
    if (!result.ok) return setMessage(formErrorText(result.error));
    setRuns(result.data.runs);
    setTotal(result.data.totalBytes);
    if (!result.data.settings.enabled && result.data.runs.length === 0)
      setMessage('Recording is off. Turn it on in Settings → Traces.');
  };
  useEffect(() => void load(), [client]);
  const deleteAll = async () => {
    const result = await client.request('traces/clear', {});
    if (!result.ok) return setMessage(formErrorText(result.error));
    setSelected(null);
    await load();
  };
  return (
    <main class="traces-page">
      <header class="traces-header">
        <h1>Traces</h1>
        <span data-testid="traces-total">{sizeText(total)} stored</span>
        <button
          type="button"
          class="sa-danger"
          data-testid="traces-delete-all"
          disabled={!runs || runs.length === 0}
          onClick={() => void deleteAll()}
        >
          Delete all
        </button>
      </header>
      {message !== null ? <p role="status">{message}</p> : null}
      <div class="traces-columns">
        <ul class="traces-list" aria-label="Recorded runs">
          {(runs ?? []).map((run) => (
            <li key={run.runId}>
              <button
                type="button"
                class="traces-run"
                data-testid="trace-run"
                aria-current={run.runId === selected ? 'true' : undefined}
                onClick={() => setSelected(run.runId)}
              >
                <span class="traces-run-title">{run.title || '(untitled run)'}</span>
                <span class="traces-meta">
                  {timeText(run.startedAt)} · {statusText(run.status)} · {run.events} events ·{' '}
                  <span data-testid="trace-run-size">{sizeText(run.bytes)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
        {selected !== null ? (
          <TraceRunView
            key={selected}
            client={client}
            runId={selected}
            onDeleted={() => {
              setSelected(null);
              void load();
            }}
          />
        ) : (
          <p class="traces-empty">
            {runs?.length ? 'Choose a run to see its timeline.' : 'No traces recorded yet.'}
          </p>
        )}
      </div>
    </main>
  );
}
