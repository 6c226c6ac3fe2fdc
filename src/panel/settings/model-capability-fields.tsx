// What a model can do, in the model form: vision, reasoning effort, context window
// and the prompt tier that follows from it. "Default" effort omits the field from
// provider requests.
import { useId } from 'preact/hooks';
import { Field, describedBy } from './form-field';
import { REASONING_EFFORT_LABELS, type ModelDraft } from './model-draft';
import { ModelTierField } from './model-tier-field';

/** Props of {@link ModelCapabilityFields}. */
export interface ModelCapabilityFieldsProps {
  readonly draft: ModelDraft;
  /** Inline error of the context window field. */
  readonly error: string | undefined;
  readonly onChange: (patch: Partial<ModelDraft>) => void;
}

/** Vision checkbox, reasoning effort select, context window input and prompt tier. */
export function ModelCapabilityFields({ draft, error, onChange }: ModelCapabilityFieldsProps) {
  const visionId = useId();
  const effortId = useId();
  const windowId = useId();
  return (
    <>
      <div class="sa-field">
        <label for={visionId}>
          <input
            id={visionId}
            type="checkbox"
            checked={draft.supportsVision}
            onChange={(event) => onChange({ supportsVision: event.currentTarget.checked })}
          />
          {' Supports vision (images)'}
        </label>
      </div>
      <Field id={effortId} label="Reasoning effort">
        <select
          id={effortId}
          value={draft.reasoningEffort}
          onChange={(event) =>
            onChange({
              reasoningEffort: event.currentTarget.value as ModelDraft['reasoningEffort'],
            })
          }
        >
          {Object.entries(REASONING_EFFORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <Field id={windowId} label="Context window (tokens)" error={error}>
        <input
          id={windowId}
          type="number"
          min={1024}
          step={1024}
          value={draft.contextWindow}
          aria-invalid={error !== undefined}
          aria-describedby={describedBy(windowId, false, error !== undefined)}
          onInput={(event) => onChange({ contextWindow: event.currentTarget.value })}
        />
      </Field>
      <ModelTierField draft={draft} onChange={onChange} />
    </>
  );
}
