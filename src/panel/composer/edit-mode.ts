// The Editor edits control's value. Anything unknown (an older or corrupted
// setting) falls back to Ask, the safe choice: every edit waits for a review.
import type { EditMode } from '../../shared/protocol/run-messages';

/** Ask unless the value is exactly 'auto'. */
export function normalizeEditMode(value: unknown): EditMode {
  return value === 'auto' ? 'auto' : 'ask';
}
