// Handlers for the panel's chat (session) requests: list, search, open, create,
// rename, set the agent mode, delete, append a user turn, storage usage, export and import. The worker
// owns storage; these only translate requests to the ChatStore and SessionTransfer.
import type { GroupHandlers } from '../../shared/protocol/define-channel';
import type { sessionRequestMethods } from '../../shared/protocol/session-messages';
import type { SessionTransfer } from '../storage/session-transfer';
import { sessionNotFound } from '../storage/storage-errors';
import type { ChatStore } from '../storage/store-contracts';

/** Storage use at which Settings → Sessions shows a warning (8 MiB in all). */
export const STORAGE_WARNING_BYTES = 8 * 1_048_576;

export interface SessionHandlerDeps {
  readonly chats: ChatStore;
  readonly sessionTransfer: SessionTransfer;
}

export function createSessionHandlers(
  deps: SessionHandlerDeps,
): GroupHandlers<typeof sessionRequestMethods> {
  const { chats } = deps;
  return {
    'session/list': ({ scope }) => chats.list(scope),
    'session/search': ({ query }) => chats.search(query),
    'session/get': async ({ sessionId }) => {
      const chat = await chats.get(sessionId);
      if (!chat) throw sessionNotFound(sessionId);
      return chat;
    },
    'session/create': ({ scope, name }) => chats.create(scope, name),
    'session/rename': ({ sessionId, name }) => chats.rename(sessionId, name),
    'session/set-mode': ({ sessionId, agentMode }) => chats.setMode(sessionId, agentMode),
    'session/set-api-writes': ({ sessionId, apiWrites }) =>
      chats.setApiWrites(sessionId, apiWrites),
    'session/delete': async ({ sessionId }) => ({ deleted: await chats.delete(sessionId) }),
    'session/delete-scope': async ({ scope }) => ({ deleted: await chats.deleteScope(scope) }),
    'session/append-user-turn': ({ sessionId, turn }) => chats.appendUserTurn(sessionId, turn),
    'session/storage-usage': async () => {
      const { bytes } = await chats.usage();
      return {
        bytes,
        warningBytes: STORAGE_WARNING_BYTES,
        isOverWarning: bytes >= STORAGE_WARNING_BYTES,
      };
    },
    'session/export': () => deps.sessionTransfer.exportJson(),
    'session/import': ({ json }) => deps.sessionTransfer.importJson(json),
  };
}
