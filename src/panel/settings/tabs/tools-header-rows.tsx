// Header rows editor shared by the Tools and MCP tabs: name/value rows, an inline
// error on the row the worker pointed at (`headers[2]`). Values render as text.
import type { HeaderRow } from '../../../shared/protocol/integration-messages';

/** Props of {@link HeaderRows}. */
export interface HeaderRowsProps {
  readonly id: string;
  readonly rows: readonly HeaderRow[];
  readonly onChange: (rows: HeaderRow[]) => void;
  /** The refused row's index and message, if any. */
  readonly error?: { index: number; message: string } | undefined;
}

/** Editable header rows; at most 32, like the policy. */
export function HeaderRows({ id, rows, onChange, error }: HeaderRowsProps) {
  const update = (index: number, patch: Partial<HeaderRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  return (
    <fieldset class="sa-header-rows" id={id}>
      <legend>Headers</legend>
      {rows.map((row, index) => (
        <div class="sa-header-row" key={index}>
          <input
            aria-label={`Header ${index + 1} name`}
            value={row.name}
            onInput={(event) => update(index, { name: event.currentTarget.value })}
          />
          <input
            aria-label={`Header ${index + 1} value`}
            value={row.value}
            onInput={(event) => update(index, { value: event.currentTarget.value })}
          />
          <button type="button" onClick={() => onChange(rows.filter((_, at) => at !== index))}>
            Remove
          </button>
          {error?.index === index ? (
            <p class="sa-field-error" role="alert">
              {error.message}
            </p>
          ) : null}
        </div>
      ))}
      {rows.length < 32 ? (
        <button type="button" onClick={() => onChange([...rows, { name: '', value: '' }])}>
          Add header
        </button>
      ) : null}
    </fieldset>
  );
}

/** The row index in a worker path like `headers[2]` or `headers[2].name`. */
export function headerRowIndex(path: unknown): number | null {
  if (typeof path !== 'string') return null;
  const match = /^headers\[(\d+)\]/.exec(path);
  return match ? Number(match[1]) : null;
}

/** Whether `url` is plain HTTP to a host that is not this machine (needs acknowledgement). */
export function needsCleartextConsent(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:') return null;
    const host = parsed.hostname;
    const loopback =
      host === 'localhost' ||
      host.endsWith('.localhost') ||
      host === '[::1]' ||
      /^127\.\d+\.\d+\.\d+$/.test(host);
    return loopback ? null : parsed.origin;
  } catch {
    return null;
  }
}
