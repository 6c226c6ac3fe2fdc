// The plan an Act or Dev run proposes before it acts: what it will do, its steps
// (each an editable field, removable, and new ones can be added), its risks and
// what it will keep in mind. Approve sends the steps as edited; Reject ends the run
// before anything happens on the page. The plan came from the model: text only.
import { useId, useState } from 'preact/hooks';
import { Plus, Trash2 } from 'lucide-preact';
import type { ApprovalDecision, PendingInteraction } from '../../../shared/protocol/run-messages';
import { PLAN_LIMITS, type RunPlan } from '../../../shared/protocol/run-plan';
import { IconButton } from '../../components/icon-button';

/** Props of {@link PlanReviewView}. */
export interface PlanReviewViewProps {
  readonly pending: Extract<PendingInteraction, { kind: 'plan-review' }>;
  readonly busy: boolean;
  readonly onDecide: (decision: ApprovalDecision, plan?: RunPlan) => void;
}

function PlanList({ title, items }: { readonly title: string; readonly items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div class="plan-list">
      <p class="plan-list-title">{title}</p>
      <ul>
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** The plan card, with its editable steps and the two answers. */
export function PlanReviewView({ pending, busy, onDecide }: PlanReviewViewProps) {
  const headingId = useId();
  const stepsId = useId();
  const [steps, setSteps] = useState<string[]>(() => [...pending.plan.steps]);
  const kept = steps.map((step) => step.trim()).filter((step) => step !== '');
  const canApprove = kept.length > 0 && !busy;
  const setStep = (index: number, value: string) =>
    setSteps((current) => current.map((step, at) => (at === index ? value : step)));
  const approve = () => {
    if (canApprove) onDecide('accept', { ...pending.plan, steps: kept });
  };
  const plan = pending.plan;
  return (
    <section
      class="review approval plan-review"
      aria-labelledby={headingId}
      data-testid="plan-review"
    >
      <p class="plan-heading" id={headingId}>
        <strong>Plan before acting</strong>
      </p>
      <p data-testid="plan-summary">{plan.summary}</p>
      {pending.repaired ? (
        <p class="muted">
          The model&rsquo;s first answer was not a usable plan; this is its second try.
        </p>
      ) : null}
      {pending.droppedSteps > 0 ? (
        <p class="muted">{`The model proposed ${pending.droppedSteps} more steps; only the first ${PLAN_LIMITS.steps} are shown.`}</p>
      ) : null}
      <p class="plan-list-title" id={stepsId}>
        Steps (edit them before you approve)
      </p>
      <ol class="plan-steps" aria-labelledby={stepsId} data-testid="plan-steps">
        {steps.map((step, index) => (
          <li key={index} class="plan-step">
            <span class="plan-step-number" aria-hidden="true">{`${index + 1}.`}</span>
            <textarea
              rows={1}
              value={step}
              maxLength={PLAN_LIMITS.stepChars}
              aria-label={`Step ${index + 1}`}
              disabled={busy}
              data-testid={`plan-step-${index}`}
              onInput={(event) => setStep(index, event.currentTarget.value)}
              onKeyDown={(event) => {
                // A step is one line: Enter approves, as it would in a one-line field
                // (not while an input method is still composing the text).
                if (event.key === 'Enter' && !event.isComposing) {
                  event.preventDefault();
                  approve();
                }
              }}
            />
            <IconButton
              icon={Trash2}
              label={`Remove step ${index + 1}`}
              disabled={busy || steps.length <= 1}
              onClick={() => setSteps((current) => current.filter((_step, at) => at !== index))}
            />
          </li>
        ))}
      </ol>
      <IconButton
        icon={Plus}
        label="Add a step"
        showLabel
        disabled={busy || steps.length >= PLAN_LIMITS.steps}
        data-testid="plan-add-step"
        onClick={() => setSteps((current) => [...current, ''])}
      />
      <PlanList title="Risks" items={plan.risks} />
      <PlanList title="Keeps in mind" items={plan.remember} />
      {plan.scheduling.fits ? (
        <p class="muted">{`Could run on a schedule${plan.scheduling.note ? `: ${plan.scheduling.note}` : '.'}`}</p>
      ) : null}
      {kept.length === 0 ? (
        <p class="notice notice-error" role="alert">
          Add at least one step, or reject the plan.
        </p>
      ) : null}
      <div class="review-actions">
        <button
          type="button"
          class="primary"
          disabled={!canApprove}
          onClick={approve}
          data-testid="plan-approve"
        >
          Approve plan
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => onDecide('reject')}
          data-testid="plan-reject"
        >
          Reject
        </button>
      </div>
      <p class="muted">Nothing happens on the page until you approve.</p>
    </section>
  );
}
