// ## Owns
// The line a chat shows while it holds the person's leave for network writes
// (/allow-api): which sites, and a button that takes the leave back, so it is never
// forgotten in a chat the person returns to.
import type { ApiWrites } from '../../shared/protocol/chat-records';
import { apiWritesText } from '../commands/api-writes-words';

/** Props of {@link ApiWritesLine}. */
export interface ApiWritesLineProps {
  readonly apiWrites: ApiWrites | undefined;
  readonly onRevoke: () => void;
}

export function ApiWritesLine({ apiWrites, onRevoke }: ApiWritesLineProps) {
  if (!apiWrites) return null;
  const text = apiWritesText(apiWrites);
  return (
    <ul class="attachment-chips" aria-label="Chat permissions">
      <li class="chip" data-testid="api-writes-chip">
        <span class="chip-label chip-label-full">{text}</span>
        <button
          type="button"
          class="icon-button"
          aria-label="Stop allowing network writes in this chat"
          onClick={onRevoke}
        >
          {'\u00d7'}
        </button>
      </li>
    </ul>
  );
}
