// The text around the cursor that a completion is asked for: a bounded window of
// lines before and after, cut at the cursor. Pure, so its bounds are unit-tested.
import type { TextLike } from '../editor-view';

/** Lines of context before the cursor's line. */
export const CONTEXT_LINES_BEFORE = 60;
/** Lines of context after the cursor's line. */
export const CONTEXT_LINES_AFTER = 20;
/** Characters kept before the cursor (the nearest ones). */
export const MAX_BEFORE_CHARS = 8_000;
/** Characters kept after the cursor (the nearest ones). */
export const MAX_AFTER_CHARS = 2_000;

export interface CompletionContext {
  /** Text before the cursor, at most CONTEXT_LINES_BEFORE lines above its line. */
  readonly before: string;
  /** Text after the cursor, at most CONTEXT_LINES_AFTER lines below its line. */
  readonly after: string;
  readonly fileLabel: string | null;
}

export function readCompletionContext(
  doc: TextLike,
  pos: number,
  fileLabel: string | null,
): CompletionContext {
  const line = doc.lineAt(pos);
  const first = doc.line(Math.max(1, line.number - CONTEXT_LINES_BEFORE));
  const last = doc.line(Math.min(doc.lines, line.number + CONTEXT_LINES_AFTER));
  const start = Math.max(first.from, pos - MAX_BEFORE_CHARS);
  const end = Math.min(last.to, pos + MAX_AFTER_CHARS);
  return { before: doc.sliceString(start, pos), after: doc.sliceString(pos, end), fileLabel };
}
