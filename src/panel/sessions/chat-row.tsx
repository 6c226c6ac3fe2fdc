// One chat in a list: name (a switch button when switching is offered), preview,
// last activity, inline rename and delete. Chat names and previews come from
// model output and imports, so they are rendered as text only.
import { Pencil, Trash2 } from 'lucide-preact';
import { useState } from 'preact/hooks';
import type { SessionMeta } from '../../shared/protocol/chat-records';
import { IconButton } from '../components/icon-button';
import { chatDisplayName } from './chat-name';
import { RenameField } from './rename-field';
import { relativeTime } from './session-groups';

/** Props of {@link ChatRow}. */
export interface ChatRowProps {
  readonly session: SessionMeta;
  readonly isCurrent?: boolean;
  /** When given, the name is a button that switches to this chat. */
  readonly onSwitch?: (() => void) | undefined;
  readonly onRename: (name: string) => void;
  /** Asks for deletion; the caller confirms in-panel. */
  readonly onDelete: () => void;
}

/** A chat list row. */
export function ChatRow({
  session,
  isCurrent = false,
  onSwitch,
  onRename,
  onDelete,
}: ChatRowProps) {
  const [isRenaming, setRenaming] = useState(false);
  const name = chatDisplayName(session);
  const meta = `${relativeTime(session.updatedAt)} · ${session.turnCount} turns`;
  return (
    <li
      class={`sa-list-item${isCurrent ? ' sa-current' : ''}`}
      data-testid="chat-row"
      data-session-id={session.id}
    >
      <div class="sa-grow">
        {isRenaming ? (
          <RenameField
            initialName={session.name}
            onCommit={(next) => {
              setRenaming(false);
              onRename(next);
            }}
            onCancel={() => setRenaming(false)}
          />
        ) : onSwitch ? (
          <button
            type="button"
            class="sa-link-button"
            aria-current={isCurrent ? 'true' : undefined}
            onClick={onSwitch}
            onDblClick={() => setRenaming(true)}
            data-testid="chat-name"
          >
            {name}
          </button>
        ) : (
          <strong data-testid="chat-name">{name}</strong>
        )}
        <div class="sa-hint">
          {session.preview !== '' ? <span class="sa-preview">{session.preview}</span> : null}
          <span>{meta}</span>
        </div>
      </div>
      <IconButton icon={Pencil} label={`Rename chat ${name}`} onClick={() => setRenaming(true)} />
      <IconButton icon={Trash2} label={`Delete chat ${name}`} onClick={onDelete} />
    </li>
  );
}
