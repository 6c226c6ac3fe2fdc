// Settings → Agent: how a web run that may act (Act and Dev) starts. With plans on,
// the model first writes a plan: shown for the person to edit and approve, or
// approved automatically. This tab saves only its own keys.
import { useId, useState } from 'preact/hooks';
import type { GeneralSettings } from '../../shared/protocol/settings-messages';
import type { PlanReview } from '../../shared/protocol/run-plan';
import { Field, describedBy, formatError, SaveRow } from './form-field';
import type { SettingsController } from './settings-controller';

/** Props of {@link AgentTab}. */
export interface AgentTabProps {
  readonly controller: SettingsController;
  readonly general: GeneralSettings;
}

const PLAN_LABELS: Readonly<Record<PlanReview, string>> = {
  ask: 'Show me the plan first (I edit and approve it)',
  auto: 'Make a plan and follow it without asking',
  off: 'No plan: act straight away',
};

/** The agent settings form. */
export function AgentTab({ controller, general }: AgentTabProps) {
  const planId = useId();
  const [planReview, setPlanReview] = useState<PlanReview>(general.planReview);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const result = await controller.saveGeneral({ planReview });
    setStatus(
      result.ok ? { ok: true, text: 'Saved.' } : { ok: false, text: formatError(result.error) },
    );
  };

  return (
    <form class="sa-general" onSubmit={(event) => void onSubmit(event)} noValidate>
      <Field
        id={planId}
        label="Plan before acting (Act and Dev)"
        hint="Before it clicks or types anything, the agent writes down its steps and risks. Nothing happens on the page until the plan is approved."
      >
        <select
          id={planId}
          value={planReview}
          aria-describedby={describedBy(planId, true, false)}
          data-testid="plan-review-setting"
          onChange={(event) => setPlanReview(event.currentTarget.value as PlanReview)}
        >
          {Object.entries(PLAN_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </Field>
      <SaveRow status={status} />
    </form>
  );
}
