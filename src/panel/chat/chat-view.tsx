// The transcript: stored turns, then the live run, in a role="log" scroller that
// follows new content only while the person is near the bottom (else "Jump to
// latest"). The follow controller watches the transcript's sizes, so every kind of
// new content counts (see scroll-follow.ts). A pending approval is never scrolled
// into view against the person's will: if they are at the bottom it is followed into
// view like any content; if they scrolled up to read, the jump button says
// "Review pending" instead of "Jump to latest", so the waiting run is announced
// without yanking the text they read. The scroller reserves its scrollbar gutter so
// streaming never shifts the layout sideways. The log is not a live region: a screen
// reader would read every streamed token and then the whole answer again when the
// live turn is replaced by its stored copy; the announcer says start, end and errors.
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import type { SitePanel } from '../../shared/protocol/site-catalog';
import type { AssistantTurn, ChatTurn, UserTurn } from '../../shared/protocol/chat-records';
import type { ChatSessionController } from './chat-session';
import { LiveTurn } from './live-turn';
import type { RunController } from './run-controller';
import { ScrollFollowController } from './stream/scroll-follow';
import { JumpToLatest } from './stream/streaming-message';
import { AssistantTurnView, UserTurnView } from './turn-views';
import type { FrameAllowController } from '../site-access/frame-allow-controller';
import { FrameAllowOfferView } from '../site-access/frame-allow-offer';

/** Where the chat view publishes its scroll-follow controller (for the renderer's onUpdate). */
export interface FollowHolder {
  current: ScrollFollowController | null;
}

/** Props of {@link ChatView}. */
export interface ChatViewProps {
  readonly session: ChatSessionController;
  readonly runs: RunController;
  readonly follow: FollowHolder;
  /** The served site's contributions (empty-state text and suggestions). */
  readonly site: SitePanel;
  readonly onRegenerate: (turn: UserTurn) => void;
  /** Goes on after a paused answer (step cap, token limit) in the same chat. */
  readonly onContinue?: () => void;
  readonly onSuggestion: (text: string) => void;
  /** "Also allow" for the sites of frames the last run could not read. */
  readonly frameAllow?: FrameAllowController;
  /** The tab the panel serves (the offer belongs to one tab). */
  readonly tabId?: number | null;
}

function lastUserTurn(turns: readonly ChatTurn[]): UserTurn | null {
  for (let index = turns.length - 1; index >= 0; index -= 1) {
    const turn = turns[index];
    if (turn?.role === 'user') return turn;
  }
  return null;
}

/** The chat transcript. */
export function ChatView({
  session,
  runs,
  follow,
  site,
  onRegenerate,
  onContinue,
  onSuggestion,
  frameAllow,
  tabId,
}: ChatViewProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [followState, setFollowState] = useState<ScrollFollowController | null>(null);
  useLayoutEffect(() => {
    if (!scroller.current) return undefined;
    const controller = new ScrollFollowController(scroller.current, { observeContent: true });
    setFollowState(controller);
    follow.current = controller;
    return () => {
      controller.dispose();
      if (follow.current === controller) follow.current = null;
    };
  }, [follow]);
  const live = runs.live.value;
  const pending = live?.pending.value ?? null;
  const turns = session.turns.value;
  // While a run is shown live, its partially stored turn (if any) is not shown twice.
  const shown = live
    ? turns.filter((turn) => turn.role !== 'assistant' || turn.runId !== live.runId)
    : turns;
  const lastUser = lastUserTurn(shown);
  const adoptView = (turn: AssistantTurn) => runs.takeView(turn);
  const last = shown[shown.length - 1];
  useLayoutEffect(() => followState?.contentChanged(), [followState, shown.length, live]);
  return (
    <div class="chat-view">
      <div
        class="transcript"
        role="log"
        aria-live="off"
        aria-label="Conversation"
        ref={scroller}
        data-testid="transcript"
      >
        {shown.length === 0 && !live ? (
          <div class="empty-state">
            <p>{site.emptyState}</p>
            <div class="suggestions">
              {site.suggestions.map((text) => (
                <button type="button" key={text} onClick={() => onSuggestion(text)}>
                  {text}
                </button>
              ))}
            </div>
          </div>
        ) : null}
        {shown.map((turn) =>
          turn.role === 'user' ? (
            <UserTurnView key={turn.id} turn={turn} />
          ) : (
            <AssistantTurnView
              key={turn.id}
              turn={turn}
              onRegenerate={
                turn === last && !live && lastUser ? () => onRegenerate(lastUser) : undefined
              }
              onContinue={turn === last && !live ? onContinue : undefined}
              adopt={adoptView}
            />
          ),
        )}
        {live ? <LiveTurn key={live.runId} run={live} runs={runs} /> : null}
        {frameAllow ? <FrameAllowOfferView controller={frameAllow} tabId={tabId ?? null} /> : null}
      </div>
      {followState ? (
        <JumpToLatest follow={followState} label={pending ? 'Review pending' : undefined} />
      ) : null}
    </div>
  );
}
