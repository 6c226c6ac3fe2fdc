// A model's prices in the model form: US dollars per million input and output
// tokens, both or neither. With prices the panel shows what answers cost and the
// cost limits of Settings → Agent apply to the model; without, neither happens.
import { useId } from 'preact/hooks';
import { Field, describedBy } from './form-field';
import type { DraftErrors, ModelDraft } from './model-draft';

/** Props of {@link ModelPriceFields}. */
export interface ModelPriceFieldsProps {
  readonly draft: ModelDraft;
  readonly errors: DraftErrors;
  readonly onChange: (patch: Partial<ModelDraft>) => void;
}

/** The input and output price fields. */
export function ModelPriceFields({ draft, errors, onChange }: ModelPriceFieldsProps) {
  const inputId = useId();
  const outputId = useId();
  return (
    <>
      <Field
        id={inputId}
        label="Input price (US$ per million tokens, optional)"
        hint="With both prices, each answer shows its cost and the cost limits in Settings → Agent apply to this model."
        error={errors.inputPrice}
      >
        <input
          id={inputId}
          type="text"
          inputMode="decimal"
          placeholder="Not entered"
          value={draft.inputPrice}
          data-testid="model-input-price"
          aria-invalid={errors.inputPrice !== undefined}
          aria-describedby={describedBy(inputId, true, errors.inputPrice !== undefined)}
          onInput={(event) => onChange({ inputPrice: event.currentTarget.value })}
        />
      </Field>
      <Field
        id={outputId}
        label="Output price (US$ per million tokens, optional)"
        error={errors.outputPrice}
      >
        <input
          id={outputId}
          type="text"
          inputMode="decimal"
          placeholder="Not entered"
          value={draft.outputPrice}
          data-testid="model-output-price"
          aria-invalid={errors.outputPrice !== undefined}
          aria-describedby={describedBy(outputId, false, errors.outputPrice !== undefined)}
          onInput={(event) => onChange({ outputPrice: event.currentTarget.value })}
        />
      </Field>
    </>
  );
}
