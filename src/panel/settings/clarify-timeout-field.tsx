// Settings → Agent: what a question from the agent does when nobody answers it. The
// seconds field shows only for "take the first answer after…", and says its range.
import { useId } from 'preact/hooks';
import { CLARIFY_WAIT_RANGE, type ClarifyTimeout } from '../../shared/protocol/settings-messages';
import { Field, describedBy, NumberField } from './form-field';
import type { FieldReading } from './budget-fields';

const LABELS: Readonly<Record<ClarifyTimeout, string>> = {
  wait: 'Wait until I answer',
  'first-option': 'Take the first answer after a while',
  instant: 'Take the first answer at once (runs nobody watches)',
};

/** The seconds the person typed: a whole number in range. */
export function readClarifyWait(text: string): FieldReading<number> {
  const { min, max } = CLARIFY_WAIT_RANGE;
  const compact = text.trim().replace(/[\s,_']/g, '');
  const value = /^\d{1,6}$/.test(compact) ? Number(compact) : null;
  if (value === null || value < min || value > max)
    return { ok: false, message: `Enter a whole number of seconds from ${min} to ${max}.` };
  return { ok: true, value };
}

export interface ClarifyTimeoutFieldProps {
  readonly timeout: ClarifyTimeout;
  readonly seconds: string;
  readonly error: string | undefined;
  readonly onTimeout: (next: ClarifyTimeout) => void;
  readonly onSeconds: (text: string) => void;
}

export function ClarifyTimeoutField(props: ClarifyTimeoutFieldProps) {
  const selectId = useId();
  return (
    <>
      <Field
        id={selectId}
        label="When the agent asks you something and you do not answer"
        hint="A first answer taken this way is marked as not yours, and the agent is told not to do anything consequential on it."
      >
        <select
          id={selectId}
          value={props.timeout}
          aria-describedby={describedBy(selectId, true, false)}
          data-testid="clarify-timeout-setting"
          onChange={(event) => props.onTimeout(event.currentTarget.value as ClarifyTimeout)}
        >
          {Object.entries(LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      {props.timeout === 'first-option' ? (
        <NumberField
          label="Seconds to wait for your answer"
          hint={`From ${CLARIFY_WAIT_RANGE.min} to ${CLARIFY_WAIT_RANGE.max.toLocaleString('en-US')}.`}
          error={props.error}
          value={props.seconds}
          testId="clarify-wait-setting"
          onInput={props.onSeconds}
        />
      ) : null}
    </>
  );
}
