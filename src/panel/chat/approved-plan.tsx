// The plan the person approved before an answer acted, kept with the answer: closed
// by default (a summary line), the steps as they were approved when opened. The
// plan came from the model and may hold page words: text only.
import type { RunPlan } from '../../shared/protocol/run-plan';

/** The approved plan of a stored answer. */
export function ApprovedPlan({ plan }: { readonly plan: RunPlan }) {
  const count = plan.steps.length;
  return (
    <details class="approved-plan" data-testid="approved-plan">
      <summary>{`Approved plan \u00b7 ${count} ${count === 1 ? 'step' : 'steps'}`}</summary>
      <p>{plan.summary}</p>
      <ol>
        {plan.steps.map((step, index) => (
          <li key={index}>{step}</li>
        ))}
      </ol>
    </details>
  );
}
