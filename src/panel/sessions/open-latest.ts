// Which chat a project opens with: its newest chat, or a new one
// when it has none. Also the fallback after the current chat is deleted.
import type { ChatScope, SessionMeta } from '../../shared/protocol/chat-records';
import type { Result } from '../../shared/protocol/envelope';
import type { SessionsClient } from '../settings/panel-client';

/** What {@link openLatestOrCreate} resolved to, and whether it made a new chat. */
export interface OpenedChat {
  readonly session: SessionMeta;
  readonly isNew: boolean;
}

/**
 * Opens the newest chat of `scope`, creating "New chat" when it has none.
 * `session/list` answers newest first; the sort guards against any other order.
 */
export async function openLatestOrCreate(
  client: SessionsClient,
  scope: ChatScope,
): Promise<Result<OpenedChat>> {
  const listed = await client.request('session/list', { scope });
  if (!listed.ok) return listed;
  const latest = [...listed.data].sort((a, b) => b.updatedAt - a.updatedAt)[0];
  if (latest !== undefined) return { ok: true, data: { session: latest, isNew: false } };
  const created = await client.request('session/create', { scope, name: 'New chat' });
  return created.ok ? { ok: true, data: { session: created.data, isNew: true } } : created;
}
