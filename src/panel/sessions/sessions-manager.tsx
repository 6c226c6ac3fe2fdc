// ## Owns
// Settings → Sessions: chats of every project, searchable, grouped with counts and
// last activity; open a project, delete a project's chats, rename or delete one
// chat (deletions confirmed in-panel), storage usage with its warning, and export
// and import. All names, previews and project ids are rendered as text.
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import type { ChatScope, SessionMeta } from '../../shared/protocol/chat-records';
import { formatError } from '../settings/form-field';
import type { SessionsClient } from '../settings/panel-client';
import { ChatRow } from './chat-row';
import { ConfirmDialog } from './confirm-dialog';
import {
  formatBytes,
  groupByProject,
  projectUrl,
  relativeTime,
  scopeLabel,
} from './session-groups';
import { SessionTransfer, type DownloadBlob } from './session-transfer';
import { StorageUsage } from './storage-usage';

/** Props of {@link SessionsManager}. */
export interface SessionsManagerProps {
  readonly client: SessionsClient;
  /** Called after chats were renamed, deleted or imported. */
  readonly onChanged?: (() => void) | undefined;
  /** Injected in tests; defaults to a browser download. */
  readonly download?: DownloadBlob | undefined;
  /** Search debounce in milliseconds. */
  readonly searchDelayMs?: number;
}

type Pending =
  { kind: 'chat'; session: SessionMeta } | { kind: 'scope'; scope: ChatScope; count: number };

/** The cross-project chat manager. */
export function SessionsManager({
  client,
  onChanged,
  download,
  searchDelayMs = 200,
}: SessionsManagerProps) {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [sessions, setSessions] = useState<readonly SessionMeta[] | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  const [revision, setRevision] = useState(0);
  // Only the newest search may set the list: answers can arrive out of order.
  const searchSeq = useRef(0);

  useEffect(() => {
    const seq = ++searchSeq.current;
    const timer = setTimeout(
      async () => {
        const result = await client.request('session/search', { query: query.trim() });
        if (seq !== searchSeq.current) return;
        if (result.ok) setSessions(result.data);
        else setError(formatError(result.error));
      },
      query === '' ? 0 : searchDelayMs,
    );
    return () => clearTimeout(timer);
  }, [client, query, revision]);

  const changed = () => {
    setRevision((value) => value + 1);
    onChanged?.();
  };
  const rename = async (session: SessionMeta, name: string) => {
    const result = await client.request('session/rename', { sessionId: session.id, name });
    setError(result.ok ? null : formatError(result.error));
    if (result.ok) changed();
  };
  const confirm = async () => {
    if (pending === null) return;
    setBusy(true);
    const result =
      pending.kind === 'chat'
        ? await client.request('session/delete', { sessionId: pending.session.id })
        : await client.request('session/delete-scope', { scope: pending.scope });
    setBusy(false);
    setPending(null);
    setError(result.ok ? null : formatError(result.error));
    if (result.ok) changed();
  };

  const groups = groupByProject(sessions ?? []);
  return (
    <div class="sa-sessions-manager">
      <div class="sa-field">
        <label for={searchId}>Search chats in all projects</label>
        <input
          id={searchId}
          type="search"
          value={query}
          maxLength={200}
          data-testid="session-search"
          onInput={(event) => setQuery(event.currentTarget.value)}
        />
      </div>
      <StorageUsage client={client} revision={revision} />
      <SessionTransfer client={client} onImported={changed} download={download} />
      {error !== null ? (
        <p role="alert" class="sa-field-error">
          {error}
        </p>
      ) : null}
      {sessions === null ? <p role="status">Loading chats…</p> : null}
      {sessions !== null && groups.length === 0 ? (
        <p role="status">{query.trim() === '' ? 'No chats yet.' : 'No chats match this search.'}</p>
      ) : null}
      {groups.map((group) => {
        const url = projectUrl(group.scope);
        const label = scopeLabel(group.scope);
        return (
          <section key={group.key} class="sa-group" aria-label={label} data-testid="project-group">
            <header class="sa-group-header">
              <h3 class="sa-grow">{label}</h3>
              {url !== null ? (
                <a href={url} target="_blank" rel="noopener noreferrer">
                  Open project
                </a>
              ) : null}
              <button
                type="button"
                aria-label={`Delete chats of ${label}`}
                onClick={() =>
                  setPending({ kind: 'scope', scope: group.scope, count: group.sessions.length })
                }
              >
                Delete chats
              </button>
            </header>
            <p class="sa-hint">
              {`${group.sessions.length} chats · ${group.turnCount} turns · last activity ${relativeTime(group.lastActivity)} · ${formatBytes(group.sessions.reduce((sum, s) => sum + s.approxBytes, 0))}`}
            </p>
            <ul class="sa-list">
              {group.sessions.map((session) => (
                <ChatRow
                  key={session.id}
                  session={session}
                  onRename={(name) => void rename(session, name)}
                  onDelete={() => setPending({ kind: 'chat', session })}
                />
              ))}
            </ul>
          </section>
        );
      })}
      {pending !== null ? (
        <ConfirmDialog
          title={pending.kind === 'chat' ? 'Delete chat?' : 'Delete all chats of this project?'}
          message={
            pending.kind === 'chat'
              ? `"${pending.session.name || 'Untitled chat'}" and its messages will be deleted.`
              : `${pending.count} chats of ${scopeLabel(pending.scope)} will be deleted.`
          }
          confirmLabel={pending.kind === 'chat' ? 'Delete chat' : 'Delete chats'}
          isBusy={isBusy}
          onConfirm={() => void confirm()}
          onCancel={() => setPending(null)}
        />
      ) : null}
    </div>
  );
}
