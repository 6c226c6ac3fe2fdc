// The agent's question mid-run (the clarify tool): the question, up to four answers
// to pick with one click, or the person's own words, and "Don't answer". Question and
// options are the model's text and stay text.
import { useState } from 'preact/hooks';
import type {
  ApprovalDecision,
  FormContent,
  PendingInteraction,
} from '../../../shared/protocol/run-messages';

/** Props of {@link ClarifyView}. */
export interface ClarifyViewProps {
  readonly pending: Extract<PendingInteraction, { kind: 'clarify' }>;
  readonly busy: boolean;
  readonly onDecide: (decision: ApprovalDecision, content?: FormContent) => void;
}

/** Longest answer typed here; the worker bounds it again. */
const MAX_ANSWER_CHARS = 2_000;

export function ClarifyView({ pending, busy, onDecide }: ClarifyViewProps) {
  const [own, setOwn] = useState('');
  const answer = (text: string) => onDecide('accept', { answer: text });
  const fieldId = `clarify-${pending.callId}`;
  return (
    <section class="review clarify" aria-label="The agent asks you" data-testid="clarify">
      <p class="clarify-question" data-testid="clarify-question">
        {pending.question}
      </p>
      {pending.options.length > 0 ? (
        <div class="clarify-options" role="group" aria-label="Answers">
          {pending.options.map((option, index) => (
            <button
              key={`${index}:${option}`}
              type="button"
              disabled={busy}
              onClick={() => answer(option)}
              data-testid="clarify-option"
            >
              {option}
            </button>
          ))}
        </div>
      ) : null}
      <form
        class="clarify-own"
        onSubmit={(event) => {
          event.preventDefault();
          if (own.trim() !== '') answer(own.trim());
        }}
      >
        <label for={fieldId}>
          {pending.options.length > 0 ? 'Or answer in your own words' : 'Your answer'}
        </label>
        <textarea
          id={fieldId}
          rows={2}
          maxLength={MAX_ANSWER_CHARS}
          value={own}
          disabled={busy}
          onInput={(event) => setOwn((event.target as HTMLTextAreaElement).value)}
          data-testid="clarify-answer"
        />
        <div class="review-actions">
          <button
            type="submit"
            class="primary"
            disabled={busy || own.trim() === ''}
            data-testid="clarify-send"
          >
            Send answer
          </button>
          <button
            type="button"
            disabled={busy}
            onClick={() => onDecide('cancel')}
            data-testid="clarify-dismiss"
          >
            Don’t answer
          </button>
        </div>
      </form>
    </section>
  );
}
