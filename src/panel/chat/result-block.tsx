// The data an answer handed back in the JSON format its message asked for (/json),
// already checked against that format by the worker: shown as text in a code block
// (never parsed into markup) with its size and a Copy button.
import type { StructuredResult } from '../../shared/protocol/result-format';
import { CopyButton } from '../components/copy-button';

/** "12 items" for a list, "1 object" otherwise, from the stored JSON text. */
export function resultSize(json: string): string {
  try {
    const value: unknown = JSON.parse(json);
    if (Array.isArray(value)) return `${value.length} ${value.length === 1 ? 'item' : 'items'}`;
    return value !== null && typeof value === 'object' ? '1 object' : '1 value';
  } catch {
    return 'JSON';
  }
}

export function ResultBlock({ result }: { readonly result: StructuredResult }) {
  return (
    <section class="result-block" aria-label="JSON result" data-testid="result-block">
      <header class="result-block-head">
        <span>
          JSON result{' '}
          <span class="result-block-size">· {resultSize(result.json)}, matches your format</span>
        </span>
        <CopyButton label="Copy JSON" text={() => result.json} />
      </header>
      <pre class="result-block-json" tabIndex={0}>
        <code>{result.json}</code>
      </pre>
    </section>
  );
}
