// Labelled form fields with inline errors. Every control gets a <label for>, and
// its error (in plain words, without the worker's code) is tied to it through
// aria-describedby, so a screen reader reads the error with the field.
import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import { formErrorText } from '../errors/error-text';

/** The id of a field's error element. */
export const errorIdOf = (id: string) => `${id}-error`;
/** The id of a field's hint element. */
export const hintIdOf = (id: string) => `${id}-hint`;

/** The aria-describedby value for a control with an optional hint and error. */
export function describedBy(id: string, hasHint: boolean, hasError: boolean): string | undefined {
  const ids = [hasHint ? hintIdOf(id) : null, hasError ? errorIdOf(id) : null].filter(
    (value): value is string => value !== null,
  );
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** Props of {@link Field}. */
export interface FieldProps {
  /** The control's id; the control itself must use it. */
  readonly id: string;
  readonly label: string;
  readonly hint?: ComponentChildren;
  readonly error?: string | undefined;
  readonly children: ComponentChildren;
}

/** A label, a control, an optional hint and an optional inline error. */
export function Field({ id, label, hint, error, children }: FieldProps) {
  return (
    <div class="sa-field">
      <label for={id}>{label}</label>
      {children}
      {hint !== undefined ? (
        <p id={hintIdOf(id)} class="sa-hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} message={error} />
    </div>
  );
}

/** The inline error of field `id`, if any. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (message === undefined) return null;
  return (
    <p id={errorIdOf(id)} class="sa-field-error" role="alert">
      {message}
    </p>
  );
}

/** A worker error as a form's inline text: plain words, never its code. */
export const formatError = (error: { code: string; message: string }) => formErrorText(error);

/** What the last save of a settings form said: saved, or why not (plain words). */
export type SaveStatus = { readonly ok: boolean; readonly text: string } | null;

/** A settings form's Save button and its status line (announced politely). */
export function SaveRow({ status, testId }: { status: SaveStatus; testId?: string }) {
  return (
    <div class="sa-actions">
      <button type="submit" class="sa-primary" data-testid={testId}>
        Save
      </button>
      <p role="status" class={status?.ok === false ? 'sa-field-error' : 'sa-ok'}>
        {status?.text ?? ''}
      </p>
    </div>
  );
}

/** Props of {@link NumberField}: a labelled text box for a whole number the form reads. */
export interface NumberFieldProps {
  readonly label: string;
  readonly hint: string;
  readonly error: string | undefined;
  readonly value: string;
  readonly placeholder?: string;
  readonly testId: string;
  /** Amounts with cents (dollars) get a keyboard with a decimal point. */
  readonly isDecimal?: boolean;
  readonly onInput: (text: string) => void;
}

/**
 * A number typed as text: the form reads and checks it on Save, so what the person
 * typed stays in the box when it is refused.
 */
export function NumberField(props: NumberFieldProps) {
  const id = useId();
  const invalid = props.error !== undefined;
  return (
    <Field id={id} label={props.label} hint={props.hint} error={props.error}>
      <input
        id={id}
        inputMode={props.isDecimal === true ? 'decimal' : 'numeric'}
        value={props.value}
        placeholder={props.placeholder}
        aria-invalid={invalid}
        aria-describedby={describedBy(id, true, invalid)}
        data-testid={props.testId}
        onInput={(event) => props.onInput(event.currentTarget.value)}
      />
    </Field>
  );
}
