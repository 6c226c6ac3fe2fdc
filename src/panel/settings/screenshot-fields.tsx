// Settings → Agent: when a run that may act looks at its page again by itself, and
// which vision model puts that picture into words for a model that cannot see
// images. Only models marked as seeing images are offered as the describer.
import { useId } from 'preact/hooks';
import type { AutoScreenshot, ModelView } from '../../shared/protocol/settings-messages';
import { Field, describedBy } from './form-field';

const LABELS: Readonly<Record<AutoScreenshot, string>> = {
  'after-change': 'After an action changes the page',
  'after-navigation': 'After the page changes address',
  'every-step': 'After every step',
  off: 'Never (the agent can still take one)',
};

export interface ScreenshotFieldsProps {
  readonly policy: AutoScreenshot;
  readonly describer: string | null;
  readonly models: readonly ModelView[];
  readonly onPolicy: (next: AutoScreenshot) => void;
  readonly onDescriber: (next: string | null) => void;
}

export function ScreenshotFields(props: ScreenshotFieldsProps) {
  const policyId = useId();
  const describerId = useId();
  const seeing = props.models.filter((model) => model.supportsVision);
  return (
    <>
      <Field
        id={policyId}
        label="Send a screenshot by itself (Act and Dev)"
        hint="The agent looks at the page again after its actions. Each screenshot costs about 1,500 tokens; only the newest four stay in the conversation."
      >
        <select
          id={policyId}
          value={props.policy}
          aria-describedby={describedBy(policyId, true, false)}
          data-testid="auto-screenshot-setting"
          onChange={(event) => props.onPolicy(event.currentTarget.value as AutoScreenshot)}
        >
          {Object.entries(LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <Field
        id={describerId}
        label="Describe screenshots with"
        hint="For a model that cannot see images: this vision model describes each of those screenshots in words, in one extra call that counts toward your token limits."
      >
        <select
          id={describerId}
          value={props.describer ?? ''}
          aria-describedby={describedBy(describerId, true, false)}
          data-testid="screenshot-describer-setting"
          onChange={(event) => props.onDescriber(event.currentTarget.value || null)}
        >
          <option value="">{seeing.length === 0 ? 'None (no model sees images)' : 'None'}</option>
          {seeing.map((model) => (
            <option key={model.id} value={model.id}>
              {model.name}
            </option>
          ))}
        </select>
      </Field>
    </>
  );
}
