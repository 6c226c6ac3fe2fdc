/**
 * Preact hosts for the streaming renderer. They mount DOM that plain-TS controllers own
 * and never re-render per token: the answer's props do not change while it streams, so
 * Preact diffs nothing; only the "Jump to latest" button re-renders, when its signal
 * flips.
 */
import { useLayoutEffect, useRef } from 'preact/hooks';
import type { ScrollFollowController } from './scroll-follow';
import type { StreamingAnswer } from './streaming-answer';

/** Props of {@link StreamingMessage}. */
export interface StreamingMessageProps {
  /** The answer to host; create one per assistant message and keep it stable. */
  readonly answer: StreamingAnswer;
}

/** Hosts a {@link StreamingAnswer}'s element inside the component tree. */
export function StreamingMessage({ answer }: StreamingMessageProps) {
  const host = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const element = host.current;
    if (element === null) return undefined;
    element.append(answer.element);
    return () => answer.element.remove();
  }, [answer]);
  return <div class="streaming-message" ref={host} />;
}

/** Props of {@link JumpToLatest}. */
export interface JumpToLatestProps {
  /** The message list's follow controller. */
  readonly follow: ScrollFollowController;
}

/** The "Jump to latest" button, shown only while new content is off-screen. */
export function JumpToLatest({ follow }: JumpToLatestProps) {
  if (!follow.showJump.value) return null;
  return (
    <button type="button" class="jump-to-latest" onClick={() => follow.jumpToLatest()}>
      Jump to latest {'\u2193'}
    </button>
  );
}
