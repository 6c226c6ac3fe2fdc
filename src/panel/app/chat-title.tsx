// The header's chat title: the shown chat's name on one line (cut with an ellipsis,
// the whole name in the tooltip); a click turns it into the rename field. Without a
// chat (Settings, a page with no chat) it is a plain heading.
import { useState } from 'preact/hooks';
import type { SessionMeta } from '../../shared/protocol/chat-records';
import { chatDisplayName } from '../sessions/chat-name';
import { RenameField } from '../sessions/rename-field';

/** Props of {@link ChatTitle}. */
export interface ChatTitleProps {
  /** The shown chat; null shows `fallback` as a heading. */
  readonly meta: SessionMeta | null;
  readonly fallback: string;
  readonly onRename: (name: string) => void;
}

/** The title at the start of the header. */
export function ChatTitle({ meta, fallback, onRename }: ChatTitleProps) {
  const [isRenaming, setRenaming] = useState(false);
  if (meta === null)
    return (
      <h1 class="chat-title" data-testid="chat-title">
        <span class="chat-title-text">{fallback}</span>
      </h1>
    );
  const name = chatDisplayName(meta);
  if (isRenaming)
    return (
      <div class="chat-title-field">
        <RenameField
          initialName={name}
          onCommit={(next) => {
            setRenaming(false);
            onRename(next);
          }}
          onCancel={() => setRenaming(false)}
        />
      </div>
    );
  return (
    <button
      type="button"
      class="chat-title"
      title={`${name} (click to rename)`}
      aria-label={`Chat: ${name}. Rename`}
      data-testid="chat-title"
      onClick={() => setRenaming(true)}
    >
      <span class="chat-title-text">{name}</span>
    </button>
  );
}
