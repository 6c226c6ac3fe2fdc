// Settings → Agent: how a web run that may act (Act and Dev) starts. With plans on,
// the model first writes a plan: shown for the person to edit and approve, or
// approved automatically. How far one response may go: the step cap and the
// person's token and cost limits (cost only for models with prices entered). When the agent gets a fresh screenshot without asking, and
// who describes it to a model without vision (screenshot-fields.tsx). Strict secret
// mode: page text reaches the model, and the panel shows text, with credential-like
// strings replaced by a marker.
// This tab saves only its own keys, and nothing when one of its fields is refused.
import { useId, useState } from 'preact/hooks';
import type {
  AutoScreenshot,
  ClarifyTimeout,
  GeneralSettings,
} from '../../shared/protocol/settings-messages';
import type { PlanReview } from '../../shared/protocol/run-plan';
import { Field, describedBy, formatError, NumberField, SaveRow } from './form-field';
import { readMaxSteps, readTokenLimit, tokenLimitText } from './budget-fields';
import { dollarsFieldText, readCostLimit } from './dollar-fields';
import type { SettingsController } from './settings-controller';
import { ClarifyTimeoutField, readClarifyWait } from './clarify-timeout-field';
import { ScreenshotFields } from './screenshot-fields';

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
  const [autoScreenshot, setAutoScreenshot] = useState<AutoScreenshot>(general.autoScreenshot);
  const [describer, setDescriber] = useState(general.screenshotDescriberId);
  const [steps, setSteps] = useState(String(general.maxSteps));
  const [runLimit, setRunLimit] = useState(tokenLimitText(general.runTokenLimit));
  const [dayLimit, setDayLimit] = useState(tokenLimitText(general.dayTokenLimit));
  const [runCost, setRunCost] = useState(dollarsFieldText(general.runCostLimit));
  const [dayCost, setDayCost] = useState(dollarsFieldText(general.dayCostLimit));
  const [clarifyTimeout, setClarifyTimeout] = useState<ClarifyTimeout>(general.clarifyTimeout);
  const [wait, setWait] = useState(String(general.clarifyWaitSeconds));
  const [strictSecrets, setStrictSecrets] = useState(general.strictSecretMode);
  const [errors, setErrors] = useState<
    Partial<Record<'steps' | 'run' | 'day' | 'runCost' | 'dayCost' | 'wait', string>>
  >({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const onSubmit = async (event: Event) => {
    event.preventDefault();
    const readSteps = readMaxSteps(steps);
    const readRun = readTokenLimit(runLimit);
    const readDay = readTokenLimit(dayLimit);
    const readRunCost = readCostLimit(runCost);
    const readDayCost = readCostLimit(dayCost);
    // The seconds count only when they are used; a stale value there blocks nothing.
    const readWait =
      clarifyTimeout === 'first-option'
        ? readClarifyWait(wait)
        : ({ ok: true, value: general.clarifyWaitSeconds } as const);
    setErrors({
      ...(readWait.ok ? {} : { wait: readWait.message }),
      ...(readSteps.ok ? {} : { steps: readSteps.message }),
      ...(readRun.ok ? {} : { run: readRun.message }),
      ...(readDay.ok ? {} : { day: readDay.message }),
      ...(readRunCost.ok ? {} : { runCost: readRunCost.message }),
      ...(readDayCost.ok ? {} : { dayCost: readDayCost.message }),
    });
    if (
      !readSteps.ok ||
      !readRun.ok ||
      !readDay.ok ||
      !readRunCost.ok ||
      !readDayCost.ok ||
      !readWait.ok
    ) {
      setStatus({ ok: false, text: 'Not saved: fix the fields marked above.' });
      return;
    }
    const result = await controller.saveGeneral({
      planReview,
      autoScreenshot,
      screenshotDescriberId: describer,
      maxSteps: readSteps.value,
      runTokenLimit: readRun.value,
      dayTokenLimit: readDay.value,
      runCostLimit: readRunCost.value,
      dayCostLimit: readDayCost.value,
      clarifyTimeout,
      clarifyWaitSeconds: readWait.value,
      strictSecretMode: strictSecrets,
    });
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
      <ScreenshotFields
        policy={autoScreenshot}
        describer={describer}
        models={controller.view.value?.models ?? []}
        onPolicy={setAutoScreenshot}
        onDescriber={setDescriber}
      />
      <NumberField
        label="Most steps per response"
        hint="A step is one model call. At the limit the agent stops, says what it did so far, and offers Continue. From 5 to 200."
        error={errors.steps}
        value={steps}
        testId="max-steps-setting"
        onInput={setSteps}
      />
      <NumberField
        label="Token limit per response"
        hint="Input and output tokens of all model calls of one response. When it is used up the agent pauses with Continue. Empty: no limit."
        error={errors.run}
        value={runLimit}
        placeholder="No limit"
        testId="run-token-limit-setting"
        onInput={setRunLimit}
      />
      <NumberField
        label="Token limit per day"
        hint="All model calls of today (chat titles and memory included); starts again at midnight. Empty: no limit."
        error={errors.day}
        value={dayLimit}
        placeholder="No limit"
        testId="day-token-limit-setting"
        onInput={setDayLimit}
      />
      <NumberField
        label="Cost limit per response (US$)"
        hint="Applies to models whose prices you entered (Settings → Models). When it is used up the agent pauses with Continue. Empty: no limit."
        error={errors.runCost}
        value={runCost}
        placeholder="No limit"
        testId="run-cost-limit-setting"
        isDecimal
        onInput={setRunCost}
      />
      <NumberField
        label="Cost limit per day (US$)"
        hint="Applies to models whose prices you entered: all their calls of today; starts again at midnight. Empty: no limit."
        error={errors.dayCost}
        value={dayCost}
        placeholder="No limit"
        testId="day-cost-limit-setting"
        isDecimal
        onInput={setDayCost}
      />
      <ClarifyTimeoutField
        timeout={clarifyTimeout}
        seconds={wait}
        error={errors.wait}
        onTimeout={setClarifyTimeout}
        onSeconds={setWait}
      />
      <div class="sa-field">
        <label>
          <input
            type="checkbox"
            checked={strictSecrets}
            data-testid="strict-secret-mode-setting"
            onChange={(event) => setStrictSecrets(event.currentTarget.checked)}
          />
          {' Strict secret mode'}
        </label>
        <p class="sa-hint">
          API keys, card numbers, IBANs, passwords and one-time codes in page text are replaced by a
          marker before the model reads them, and masked in this panel. Field values such as
          passwords are never sent, with or without it.
        </p>
      </div>
      <SaveRow status={status} />
    </form>
  );
}
