// Stored turns as the transcript shows them. User text and attachments are text
// (and thumbnails only from validated image data URLs); assistant turns replay
// their segments through the one streaming renderer, so stored and live answers
// look the same and Markdown reaches the DOM only through renderMarkdownFragment.
import { RotateCcw } from 'lucide-preact';
import { useLayoutEffect, useMemo } from 'preact/hooks';
import type { AssistantTurn, UserTurn } from '../../shared/protocol/chat-records';
import { CopyButton } from '../components/copy-button';
import { ErrorBanner } from '../components/error-banner';
import { isSafeImageDataUrl } from '../composer/thumbnail';
import { AnswerView } from './answer-view';
import { ApprovedPlan } from './approved-plan';
import { WorkingMemoryView } from './working-memory-view';
import { storedReplayQueue, type BudgetedQueue } from './stream/budgeted-queue';
import { StreamingMessage } from './stream/streaming-message';
import { RecoveryActions } from '../recovery/recovery-actions';
import { TurnUsage } from './turn-usage';
import { ResultBlock } from './result-block';

/** The plain text of an answer (copy): its text segments in order. */
export function answerText(turn: AssistantTurn): string {
  return turn.segments
    .flatMap((segment) => (segment.kind === 'text' ? [segment.text] : []))
    .join('\n\n');
}

/** One user turn. */
export function UserTurnView({ turn }: { readonly turn: UserTurn }) {
  return (
    <article class="turn user-turn" data-testid="user-turn" aria-label="You">
      <div class="turn-text">{turn.text}</div>
      {turn.file || turn.attachments.length > 0 || turn.resultFormat ? (
        <div class="turn-context">
          {turn.file ? <span class="chip file-chip">{turn.file.path}</span> : null}
          {turn.resultFormat ? (
            <span class="chip" data-testid="user-result-format" title={turn.resultFormat.label}>
              {`JSON result: ${turn.resultFormat.label}`}
            </span>
          ) : null}
          {turn.attachments.map((attachment, index) =>
            attachment.kind === 'selection' ? (
              <span class="chip" key={index} title={attachment.text.slice(0, 300)}>
                {`Selection${attachment.fileLabel ? ` \u00b7 ${attachment.fileLabel}` : ''} (${attachment.text.length} chars)`}
              </span>
            ) : attachment.thumbnail && isSafeImageDataUrl(attachment.thumbnail) ? (
              <img
                class="chip-thumb"
                key={index}
                src={attachment.thumbnail}
                alt={attachment.source === 'preview' ? 'Preview screenshot' : 'Image'}
              />
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
  /** Offered with Regenerate, when the answer paused at a step cap or token limit. */
  readonly onContinue?: (() => void) | undefined;
  /** The ended live view of this turn's run, if it can take it over (RunController.takeView). */
  readonly adopt?: ((turn: AssistantTurn) => AnswerView | null) | undefined;
  /** Where long answers are replayed, a budget per frame. @default storedReplayQueue */
  readonly queue?: BudgetedQueue | undefined;
}

/** Stored text up to this size is replayed at once: no partial frame for short answers. */
export const REPLAY_AT_ONCE_CHARS = 8_000;

const STATUS_NOTES: Partial<Record<AssistantTurn['status'], string>> = {
  incomplete: 'Interrupted: the run stopped before it finished. Partial output is shown.',
  interrupted: 'Interrupted: the run stopped before it finished. Partial output is shown.',
  cancelled: 'Stopped.',
};

/**
 * What the answer's DOM depends on. Reloading the chat replaces every turn object;
 * rebuilding each answer whenever its object changed re-rendered every stored answer
 * at the end of every run (160-405 ms with one long answer), so the view is rebuilt only
 * when this changes. Tool statuses and summaries are in it (a reconciled interrupted
 * call); text is compared by length, as stored text only ever grows.
 */
export function turnSignature(turn: AssistantTurn): string {
  const parts: string[] = [turn.id, turn.status];
  for (const segment of turn.segments) {
    if (segment.kind === 'tools') {
      parts.push(
        `t${segment.calls.map((call) => `${call.callId}:${call.status}:${call.summary.length}:${call.errorCode ?? ''}:${call.receipt ? 1 : 0}:${call.activity?.length ?? 0}`).join(',')}`,
      );
    } else parts.push(`${segment.kind === 'text' ? 'x' : 'r'}${segment.text.length}`);
  }
  return parts.join('|');
}

function textChars(turn: AssistantTurn): number {
  return turn.segments.reduce(
    (sum, segment) => sum + (segment.kind === 'tools' ? 0 : segment.text.length),
    0,
  );
}

/** One stored assistant turn. */
export function AssistantTurnView({
  turn,
  onRegenerate,
  onContinue,
  adopt,
  queue = storedReplayQueue,
}: AssistantTurnViewProps) {
  const signature = turnSignature(turn);
  // The turn of the signature (read by the effect below, not a dependency of it).
  const current = useMemo(() => ({ turn }), [signature]);
  const shown = useMemo(() => {
    // `adopt` is asked once per signature: a new callback each render changes nothing.
    const handed = adopt?.(current.turn) ?? null;
    const adopted =
      handed !== null && current.turn.status === 'complete' && handed.shows(current.turn.segments);
    // A handed view that does not match is disposed in the effect, not during render.
    return { view: adopted ? handed : new AnswerView(), adopted, discard: adopted ? null : handed };
  }, [current]);
  // Replayed in a layout effect, not during render: tool segments mount their cards
  // with a nested Preact render(), and a nested render inside this component's render
  // resets preact/hooks' current component, so the next hook threw ("reading '__H'")
  // and the whole transcript stopped updating once a run with a tool call ended.
  // A layout effect still fills the answer before the browser paints; a long answer is
  // replayed in budgeted steps across frames instead (no task over 50 ms).
  useLayoutEffect(() => {
    const { view, adopted, discard } = shown;
    const stored = current.turn;
    let cancel: (() => void) | null = null;
    discard?.dispose();
    if (adopted) view.adoptCalls(stored.segments);
    else if (textChars(stored) <= REPLAY_AT_ONCE_CHARS) {
      view.replay(stored.segments);
      view.end();
    } else cancel = queue.add(view.replaySteps(stored.segments));
    return () => {
      cancel?.();
      view.dispose();
    };
  }, [shown, current, queue]);
  const note = STATUS_NOTES[turn.status];
  return (
    <article
      class={`turn assistant-turn status-${turn.status}`}
      data-testid="assistant-turn"
      data-status={turn.status}
      aria-label="Side Agent"
    >
      {turn.plan ? <ApprovedPlan plan={turn.plan} /> : null}
      {turn.memory ? <WorkingMemoryView memory={turn.memory} live={false} /> : null}
      <StreamingMessage answer={shown.view.answer} />
      {turn.result ? <ResultBlock result={turn.result} /> : null}
      {note ? (
        <p class="turn-note" role="note" data-testid="turn-note">
          {note}
        </p>
      ) : null}
      {(turn.notices ?? []).map((notice, index) => (
        <p
          class={`notice notice-${notice.level}`}
          key={index}
          data-testid="turn-notice"
          {...(notice.code ? { 'data-code': notice.code } : {})}
        >
          {notice.message}
        </p>
      ))}
      {turn.error ? (
        <ErrorBanner error={turn.error} onRetry={onRegenerate} onContinue={onContinue} />
      ) : null}
      <div class="turn-actions">
        <CopyButton label="Copy answer" text={() => answerText(turn)} />
        <RecoveryActions turn={turn} isLatest={onRegenerate !== undefined} />
        <TurnUsage usage={turn.usage} />
        {onRegenerate ? (
          <button
            type="button"
            class="icon-button"
            title="Regenerate"
            onClick={onRegenerate}
            data-testid="regenerate"
          >
            <RotateCcw aria-hidden="true" size={14} strokeWidth={1.75} />
            <span>Regenerate</span>
          </button>
        ) : null}
      </div>
    </article>
  );
}
