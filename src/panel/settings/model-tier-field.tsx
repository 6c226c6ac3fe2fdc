// The model form's prompt tier: how long a system prompt and how many tool schemas
// this model gets with every web-page request. Automatic follows the context window
// (the same rule the worker applies); the person can pick one when they know better,
// for example Compact for a small local model with a large nominal window.
import { useId } from 'preact/hooks';
import { PROMPT_TIERS, type PromptTier } from '../../shared/protocol/agent-modes';
import { tierOfContextWindow } from '../../shared/models/resolve-prompt-tier';
import { Field, describedBy } from './form-field';
import type { ModelDraft } from './model-draft';

export const PROMPT_TIER_LABELS: Readonly<Record<PromptTier, string>> = {
  compact: 'Compact (small models)',
  mid: 'Mid',
  full: 'Full',
};

const TIER_NAMES: Readonly<Record<PromptTier, string>> = {
  compact: 'Compact',
  mid: 'Mid',
  full: 'Full',
};

/** What the hint says the tier will be. */
export function tierHint(draft: ModelDraft): string {
  if (draft.promptTier !== 'auto')
    return `${TIER_NAMES[draft.promptTier]} for every request to this model.${draft.promptTier === 'compact' ? ' Dev mode needs Mid or Full.' : ''}`;
  const window = Number(draft.contextWindow);
  if (!Number.isInteger(window) || window < 1_024) return 'Follows the context window.';
  return `Follows the context window: ${TIER_NAMES[tierOfContextWindow(window)]} for ${window.toLocaleString('en')} tokens.`;
}

/** Props of {@link ModelTierField}. */
export interface ModelTierFieldProps {
  readonly draft: ModelDraft;
  readonly onChange: (patch: Partial<ModelDraft>) => void;
}

/** The prompt tier select with a hint on what Automatic resolves to. */
export function ModelTierField({ draft, onChange }: ModelTierFieldProps) {
  const id = useId();
  return (
    <Field id={id} label="Prompt tier (web pages)" hint={tierHint(draft)}>
      <select
        id={id}
        data-testid="model-prompt-tier"
        value={draft.promptTier}
        aria-describedby={describedBy(id, true, false)}
        onChange={(event) => {
          const value = event.currentTarget.value;
          const tier = PROMPT_TIERS.find((candidate) => candidate === value);
          onChange({ promptTier: tier ?? 'auto' });
        }}
      >
        <option value="auto">Automatic</option>
        {PROMPT_TIERS.map((tier) => (
          <option key={tier} value={tier}>
            {PROMPT_TIER_LABELS[tier]}
          </option>
        ))}
      </select>
    </Field>
  );
}
