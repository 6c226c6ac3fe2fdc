// ## Owns
// Where a model is reached: the base URL, with the example for its provider type, and
// the plain-HTTP confirmation an insecure origin needs before it can be saved.
import { useId } from 'preact/hooks';
import { Field, FieldError, describedBy } from './form-field';
import { insecureOriginOf, withBaseUrl, type DraftErrors, type ModelDraft } from './model-draft';

export interface ModelEndpointFieldsProps {
  readonly draft: ModelDraft;
  readonly errors: DraftErrors;
  readonly onDraft: (change: (current: ModelDraft) => ModelDraft) => void;
}

/** The base URL field and, for plain HTTP, its confirmation. */
export function ModelEndpointFields({ draft, errors, onDraft }: ModelEndpointFieldsProps) {
  const baseUrlId = useId();
  const ackId = useId();
  const insecureOrigin = insecureOriginOf(draft.baseUrl);
  return (
    <>
      <Field
        id={baseUrlId}
        label="Base URL"
        error={errors.baseUrl}
        hint={
          draft.kind === 'anthropic'
            ? 'For example https://api.anthropic.com'
            : 'For example https://api.openai.com/v1'
        }
      >
        <input
          id={baseUrlId}
          type="url"
          value={draft.baseUrl}
          spellcheck={false}
          aria-invalid={errors.baseUrl !== undefined}
          aria-describedby={describedBy(baseUrlId, true, errors.baseUrl !== undefined)}
          onInput={(event) => {
            const value = event.currentTarget.value;
            onDraft((current) => withBaseUrl(current, value));
          }}
        />
      </Field>
      {insecureOrigin !== null ? (
        <div class="sa-field sa-warning">
          <label for={ackId}>
            <input
              id={ackId}
              type="checkbox"
              checked={draft.insecureOrigin === insecureOrigin}
              aria-invalid={errors.insecureOrigin !== undefined}
              aria-describedby={errors.insecureOrigin !== undefined ? `${ackId}-error` : undefined}
              data-testid="insecure-ack"
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                onDraft((current) => ({
                  ...current,
                  insecureOrigin: checked ? insecureOrigin : null,
                }));
              }}
            />
            {` Allow plain HTTP for ${insecureOrigin}`}
          </label>
          <FieldError id={ackId} message={errors.insecureOrigin} />
        </div>
      ) : null}
    </>
  );
}
