// ## Owns
// The header's chat history for the current project: the project's chats, create,
// switch, inline rename and delete with an in-panel confirmation. Deleting the
// open chat falls back to the newest remaining chat, or a new one. The list is a
// popover kept inside the panel (components/popover.ts) and reloads when opened.
import { History, Plus } from 'lucide-preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { ChatScope, SessionMeta } from '../../shared/protocol/chat-records';
import { formatError } from '../settings/form-field';
import type { SessionsClient } from '../settings/panel-client';
import { IconButton } from '../components/icon-button';
import { usePopover } from '../components/popover';
import { ChatRow } from './chat-row';
import { ConfirmDialog } from './confirm-dialog';
import { openLatestOrCreate } from './open-latest';
import { scopeLabel } from './session-groups';
import '../settings/settings.css';

export { openLatestOrCreate, type OpenedChat } from './open-latest';

/** Props of {@link SessionMenu}. */
export interface SessionMenuProps {
  readonly client: SessionsClient;
  readonly scope: ChatScope;
  readonly currentSessionId: string | null;
  /** The user picked another chat (or the open one was deleted). */
  readonly onSwitch: (session: SessionMeta) => void;
  /** A new chat was created and should be opened. */
  readonly onCreate: (session: SessionMeta) => void;
  /** Opens Settings → Sessions; the link is hidden without it. */
  readonly onManage?: (() => void) | undefined;
}

/** The chat menu of one project. */
export function SessionMenu(props: SessionMenuProps) {
  const { client, scope, currentSessionId } = props;
  const listId = useId();
  const [sessions, setSessions] = useState<readonly SessionMeta[]>([]);
  const [isOpen, setOpen] = useState(false);
  const [deleting, setDeleting] = useState<SessionMeta | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const container = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const popover = useRef<HTMLDivElement>(null);
  usePopover(trigger, popover, isOpen, 'bottom-end');
  const reload = async () => {
    const result = await client.request('session/list', { scope });
    if (result.ok) setSessions(result.data);
    else setError(formatError(result.error));
  };
  useEffect(() => {
    void reload();
  }, [client, scope.siteId, scope.projectId, currentSessionId]);
  // A rename in the header or a finished run changes names and counts.
  useEffect(() => {
    if (isOpen) void reload();
  }, [isOpen]);

  // A pointer down outside closes the menu, like any popover; the confirmation
  // dialog is rendered inside the container, so using it keeps the menu open.
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !container.current?.contains(event.target))
        setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  const create = async () => {
    const result = await client.request('session/create', { scope, name: 'New chat' });
    if (!result.ok) return setError(formatError(result.error));
    setError(null);
    setOpen(false);
    props.onCreate(result.data);
    await reload();
  };
  const rename = async (session: SessionMeta, name: string) => {
    const result = await client.request('session/rename', { sessionId: session.id, name });
    if (!result.ok) return setError(formatError(result.error));
    setError(null);
    setSessions((list) => list.map((item) => (item.id === session.id ? result.data : item)));
  };
  const remove = async (session: SessionMeta) => {
    setBusy(true);
    const result = await client.request('session/delete', { sessionId: session.id });
    setBusy(false);
    setDeleting(null);
    if (!result.ok) return setError(formatError(result.error));
    setError(null);
    if (session.id === currentSessionId) {
      const next = await openLatestOrCreate(client, scope);
      if (!next.ok) setError(formatError(next.error));
      else if (next.data.isNew) props.onCreate(next.data.session);
      else props.onSwitch(next.data.session);
    }
    await reload();
  };

  return (
    <div
      ref={container}
      class="sa-session-menu"
      onKeyDown={(event) => event.key === 'Escape' && deleting === null && setOpen(false)}
    >
      <IconButton
        ref={trigger}
        icon={History}
        label="Chat history"
        class="sa-menu-button"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-haspopup="true"
        onClick={() => setOpen(!isOpen)}
        data-testid="session-menu-button"
      />
      <div
        ref={popover}
        id={listId}
        class="popover sa-menu-popover"
        hidden={!isOpen}
        role="region"
        aria-label={`Chats of ${scopeLabel(scope)}`}
        data-testid="session-menu"
      >
        <ul class="sa-list">
          {sessions.map((session) => (
            <ChatRow
              key={session.id}
              session={session}
              isCurrent={session.id === currentSessionId}
              onSwitch={() => {
                setOpen(false);
                if (session.id !== currentSessionId) props.onSwitch(session);
              }}
              onRename={(name) => void rename(session, name)}
              onDelete={() => setDeleting(session)}
            />
          ))}
        </ul>
        {sessions.length === 0 ? <p class="sa-hint">No chats in this project yet.</p> : null}
        <div class="sa-actions">
          <button
            type="button"
            class="sa-primary"
            onClick={() => void create()}
            data-testid="new-chat"
          >
            <Plus aria-hidden="true" size={16} strokeWidth={1.75} />
            New chat
          </button>
          {props.onManage ? (
            <button type="button" onClick={props.onManage}>
              Manage all chats…
            </button>
          ) : null}
        </div>
      </div>
      {error !== null ? (
        <p role="alert" class="sa-field-error">
          {error}
        </p>
      ) : null}
      {deleting !== null ? (
        <ConfirmDialog
          title="Delete chat?"
          message={`"${deleting.name || 'Untitled chat'}" and its messages will be deleted.`}
          confirmLabel="Delete chat"
          isBusy={isBusy}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </div>
  );
}
