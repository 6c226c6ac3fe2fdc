// Stored turns as the transcript shows them. User text and attachments are text
// (and thumbnails only from validated image data URLs); assistant turns replay
// their segments through the one streaming renderer, so stored and live answers
// look the same and Markdown reaches the DOM only through renderMarkdownFragment.
import { useLayoutEffect, useMemo } from 'preact/hooks';
import type { AssistantTurn, UserTurn } from '../../shared/protocol/chat-records';
import { CopyButton } from '../components/copy-button';
import { ErrorBanner } from '../components/error-banner';
import { isSafeImageDataUrl } from '../composer/thumbnail';
import { AnswerView } from './answer-view';
import { StreamingMessage } from './stream/streaming-message';
import { RecoveryActions } from '../recovery/recovery-actions';

/** The plain text of an answer (copy): its text segments in order. */
export function answerText(turn: AssistantTurn): string {
  return turn.segments.flatMap((segment) => (segment.kind === 'text' ? [segment.text] : [])).join('\n\n');
}

/** One user turn. */
export function UserTurnView({ turn }: { readonly turn: UserTurn }) {
  return (
    <article class="turn user-turn" data-testid="user-turn" aria-label="You">
      <div class="turn-text">{turn.text}</div>
      {turn.file || turn.attachments.length > 0 ? (
        <div class="turn-context">
          {turn.file ? <span class="chip file-chip">{turn.file.path}</span> : null}
          {turn.attachments.map((attachment, index) =>
            attachment.kind === 'selection' ? (
              <span class="chip" key={index} title={attachment.text.slice(0, 300)}>
                {`Selection${attachment.fileLabel ? ` \u00b7 ${attachment.fileLabel}` : ''} (${attachment.text.length} chars)`}
              </span>
            ) : attachment.thumbnail && isSafeImageDataUrl(attachment.thumbnail) ? (
              <img class="chip-thumb" key={index} src={attachment.thumbnail} alt={attachment.source === 'preview' ? 'Preview screenshot' : 'Image'} />
            ) : (
              <span class="chip" key={index}>
                {attachment.source === 'preview' ? 'Preview screenshot' : 'Image'}
              </span>
            ),
          )}
        </div>
      ) : null}
      <div class="turn-actions">
        <CopyButton label="Copy message" text={() => turn.text} />
      </div>
    </article>
  );
}

/** Props of {@link AssistantTurnView}. */
export interface AssistantTurnViewProps {
  readonly turn: AssistantTurn;
  /** Offered on the last answer when no run is going. */
  readonly onRegenerate?: (() => void) | undefined;
}

const STATUS_NOTES: Partial<Record<AssistantTurn['status'], string>> = {
  incomplete: 'Interrupted: the run stopped before it finished. Partial output is shown.',
  interrupted: 'Interrupted: the run stopped before it finished. Partial output is shown.',
  cancelled: 'Stopped.',
};

/** One stored assistant turn. */
export function AssistantTurnView({ turn, onRegenerate }: AssistantTurnViewProps) {
  const view = useMemo(() => new AnswerView(), [turn]);
  // Replayed in a layout effect, not during render: tool segments mount their cards
  // with a nested Preact render(), and a nested render inside this component's render
  // resets preact/hooks' current component, so the next hook threw ("reading '__H'")
  // and the whole transcript stopped updating once a run with a tool call ended.
  // A layout effect still fills the answer before the browser paints.
  useLayoutEffect(() => {
    view.replay(turn.segments);
    view.end();
    return () => view.dispose();
  }, [view, turn]);
  const note = STATUS_NOTES[turn.status];
  return (
    <article class={`turn assistant-turn status-${turn.status}`} data-testid="assistant-turn" data-status={turn.status} aria-label="Side Agent">
      <StreamingMessage answer={view.answer} />
      {note ? (
        <p class="turn-note" role="note" data-testid="turn-note">
          {note}
        </p>
      ) : null}
      {turn.error ? <ErrorBanner error={turn.error} /> : null}
      <div class="turn-actions">
        <CopyButton label="Copy answer" text={() => answerText(turn)} />
        <RecoveryActions turn={turn} isLatest={onRegenerate !== undefined} />
        {onRegenerate ? (
          <button type="button" class="icon-button" onClick={onRegenerate} data-testid="regenerate">
            Regenerate
          </button>
        ) : null}
      </div>
    </article>
  );
}
