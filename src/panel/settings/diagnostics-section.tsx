// Settings → General, "Help with a bug": one button that asks the worker for the
// diagnostics report (secrets already removed there) and copies it to the clipboard,
// then says it was copied, how large it is, what was left out, and shows the start.
import { useState } from 'preact/hooks';
import type { Client } from '../../shared/protocol/client';
import type { RequestChannel } from '../../shared/protocol/define-channel';
import type { diagnosticsRequestMethods } from '../../shared/protocol/diagnostics-messages';
import { formatError } from './form-field';

export type DiagnosticsClient = Client<RequestChannel<typeof diagnosticsRequestMethods>>;

/** Props of {@link DiagnosticsSection}. */
export interface DiagnosticsSectionProps {
  readonly client: DiagnosticsClient;
  /** Where the text goes; the browser's clipboard outside tests. */
  readonly writeClipboard?: (text: string) => Promise<void>;
}

const PREVIEW_CHARS = 1_200;

type State =
  | { readonly kind: 'idle' }
  | { readonly kind: 'working' }
  | { readonly kind: 'failed'; readonly text: string }
  | {
      readonly kind: 'copied';
      readonly text: string;
      readonly exchanges: number;
      readonly cut: readonly string[];
    };

/** "12.3 KB" for a text's UTF-8 size. */
export function sizeWords(text: string): string {
  const bytes = new TextEncoder().encode(text).length;
  return bytes < 1_024 ? `${bytes} bytes` : `${(bytes / 1_024).toFixed(1)} KB`;
}

export function DiagnosticsSection({ client, writeClipboard }: DiagnosticsSectionProps) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const copy = async () => {
    setState({ kind: 'working' });
    const result = await client.request('diagnostics/report', {});
    if (!result.ok) return setState({ kind: 'failed', text: formatError(result.error) });
    try {
      await (writeClipboard ?? ((text) => navigator.clipboard.writeText(text)))(result.data.text);
      setState({ kind: 'copied', ...result.data });
    } catch {
      setState({
        kind: 'failed',
        text: 'The browser did not let Side Agent write to the clipboard. Try again.',
      });
    }
  };
  return (
    <section class="sa-diagnostics" aria-labelledby="sa-diagnostics-title">
      <h3 id="sa-diagnostics-title">Help with a bug</h3>
      <p class="sa-hint">
        Copies versions, settings, the last run and recent model requests for a bug report. API
        keys, passwords and other secrets are removed first.
      </p>
      <button
        type="button"
        data-testid="copy-diagnostics"
        disabled={state.kind === 'working'}
        onClick={() => void copy()}
      >
        {state.kind === 'working' ? 'Copying…' : 'Copy diagnostics'}
      </button>
      <p role="status" data-testid="diagnostics-status" class="sa-hint">
        {state.kind === 'copied'
          ? `Copied: ${sizeWords(state.text)}, ${state.exchanges} model exchanges.` +
            (state.cut.length > 0 ? ` Left out: ${state.cut.join('; ')}.` : '')
          : state.kind === 'failed'
            ? state.text
            : ''}
      </p>
      {state.kind === 'copied' ? (
        <details>
          <summary>Preview</summary>
          <pre data-testid="diagnostics-preview" class="sa-diagnostics-preview">
            {state.text.length > PREVIEW_CHARS
              ? `${state.text.slice(0, PREVIEW_CHARS)}\n…`
              : state.text}
          </pre>
        </details>
      ) : null}
    </section>
  );
}
