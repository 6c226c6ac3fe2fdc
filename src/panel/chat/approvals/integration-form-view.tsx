// A question an integration (an MCP server) asks during a tool call, as a small
// form: the server's name says who asks, each field is a plain text, number,
// yes/no or choice input built from the requested schema, and Accept / Decline /
// Cancel answer it. Everything the server sent is rendered as text.
import { useState } from 'preact/hooks';
import type {
  ApprovalDecision,
  FormContent,
  FormField,
  PendingInteraction,
} from '../../../shared/protocol/run-messages';

type Value = string | number | boolean | string[];

function initialValues(fields: readonly FormField[]): Record<string, Value> {
  const values: Record<string, Value> = {};
  for (const field of fields) {
    if (field.defaultValue !== undefined) values[field.name] = field.defaultValue;
    else if (field.kind === 'boolean') values[field.name] = false;
  }
  return values;
}

function FieldInput({
  field,
  value,
  onChange,
}: {
  readonly field: FormField;
  readonly value: Value | undefined;
  readonly onChange: (value: Value) => void;
}) {
  const id = `form-field-${field.name}`;
  const label = `${field.title}${field.required ? ' (required)' : ''}`;
  const labelOf = (index: number) => field.optionLabels?.[index] ?? field.options?.[index] ?? '';
  if (field.kind === 'multi') {
    const chosen = Array.isArray(value) ? value : [];
    return (
      <fieldset>
        <legend>{label}</legend>
        {(field.options ?? []).map((option, index) => (
          <label key={option}>
            <input
              type="checkbox"
              checked={chosen.includes(option)}
              onChange={(event) =>
                onChange(
                  event.currentTarget.checked
                    ? [...chosen, option]
                    : chosen.filter((item) => item !== option),
                )
              }
            />{' '}
            {labelOf(index)}
          </label>
        ))}
      </fieldset>
    );
  }
  if (field.kind === 'boolean')
    return (
      <label>
        <input
          type="checkbox"
          checked={value === true}
          onChange={(event) => onChange(event.currentTarget.checked)}
        />{' '}
        {label}
      </label>
    );
  return (
    <label for={id}>
      {label}{' '}
      {field.kind === 'enum' ? (
        <select
          id={id}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.currentTarget.value)}
        >
          <option value="">Choose…</option>
          {(field.options ?? []).map((option, index) => (
            <option key={option} value={option}>
              {labelOf(index)}
            </option>
          ))}
        </select>
      ) : field.kind === 'string' ? (
        <input
          id={id}
          type="text"
          value={typeof value === 'string' ? value : ''}
          onInput={(event) => onChange(event.currentTarget.value)}
        />
      ) : (
        <input
          id={id}
          type="number"
          step={field.kind === 'integer' ? 1 : 'any'}
          value={value === undefined ? '' : String(value)}
          onInput={(event) => {
            const text = event.currentTarget.value;
            onChange(text === '' ? text : Number(text));
          }}
        />
      )}
      {field.description ? <span class="muted">{` ${field.description}`}</span> : null}
    </label>
  );
}

/** Props of {@link IntegrationFormView}. */
export interface IntegrationFormViewProps {
  readonly pending: Extract<PendingInteraction, { kind: 'integration-form' }>;
  readonly busy: boolean;
  readonly onDecide: (decision: ApprovalDecision, content?: FormContent) => void;
}

/** The form, with the three answers. */
export function IntegrationFormView({ pending, busy, onDecide }: IntegrationFormViewProps) {
  const [values, setValues] = useState<Record<string, Value>>(() => initialValues(pending.fields));
  const isEmpty = (value: Value | undefined) =>
    value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
  const missing = pending.fields.some((field) => field.required && isEmpty(values[field.name]));
  return (
    <section
      class="review approval"
      aria-label={`${pending.source} asks a question`}
      data-testid="integration-form"
    >
      <p>
        <strong>{pending.source}</strong>
        {' is asking (the server, not Side Agent):'}
      </p>
      <p>{pending.message}</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!missing) onDecide('accept', values);
        }}
      >
        {pending.fields.map((field) => (
          <FieldInput
            key={field.name}
            field={field}
            value={values[field.name]}
            onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
          />
        ))}
        <div class="review-actions">
          <button
            type="submit"
            class="primary"
            disabled={busy || missing}
            data-testid="form-accept"
          >
            Accept
          </button>
          <button type="button" disabled={busy} onClick={() => onDecide('decline')}>
            Decline
          </button>
          <button type="button" disabled={busy} onClick={() => onDecide('cancel')}>
            Cancel
          </button>
        </div>
      </form>
    </section>
  );
}
