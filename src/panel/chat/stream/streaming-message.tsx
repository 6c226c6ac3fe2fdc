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
    // Only if it is still ours: a live answer handed to its stored turn moves to the
    // new host, and Preact may mount the new host before unmounting the old one.
    return () => {
      if (answer.element.parentNode === element) answer.element.remove();
    };
  }, [answer]);
  return <div class="streaming-message" ref={host} />;
}

/** Props of {@link JumpToLatest}. */
export interface JumpToLatestProps {
  /** The message list's follow controller. */
  readonly follow: ScrollFollowController;
  /** What is below (e.g. "Review pending" while a run waits for the person). @default "Jump to latest" */
  readonly label?: string | undefined;
}

/** The "Jump to latest" button, shown only while new content is off-screen. */
export function JumpToLatest({ follow, label = 'Jump to latest' }: JumpToLatestProps) {
  if (!follow.showJump.value) return null;
  return (
    <button
      type="button"
      class="jump-to-latest"
      onClick={() => follow.jumpToLatest()}
      data-testid="jump-to-latest"
    >
      {label} {'\u2193'}
    </button>
  );
}
