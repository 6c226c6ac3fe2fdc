// ## Owns
// In-memory ChatStore and SettingsStore. Tests of the agent core and handlers use
// them instead of IndexedDB/chrome.storage, and they record every write so a test
// can assert "no store writes after terminal".
// ## Never
// Persists anything: a worker restart loses it all. Not for production wiring.
import { createId } from '../../../shared/lib/ids';
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import type {
  AssistantTurn,
  ChatScope,
  ChatTurn,
  SessionMeta,
  UserTurn,
} from '../../../shared/protocol/chat-records';
import type {
  GeneralSettings,
  ModelInput,
  ModelView,
  SettingsView,
} from '../../../shared/protocol/settings-messages';
import type { ChatStore, ResolvedModel, SettingsStore } from '../store-contracts';
import { DEFAULT_GENERAL_SETTINGS } from '../settings-records';
import { resolvePromptTier } from '../../../shared/models/resolve-prompt-tier';

/** The same defaults as the real settings store. */
export { DEFAULT_GENERAL_SETTINGS };

/** One recorded write, in call order. */
export interface StoreWrite {
  readonly kind: 'create' | 'rename' | 'set-mode' | 'delete' | 'append-user' | 'put-assistant';
  readonly sessionId: string;
  readonly turn?: ChatTurn;
  readonly at: number;
}

const sameScope = (left: ChatScope, right: ChatScope) =>
  left.siteId === right.siteId && left.projectId === right.projectId;

/** A ChatStore over a Map, with a write log. */
export function createMemoryChatStore(
  now: () => number = Date.now,
): ChatStore & { readonly writes: StoreWrite[] } {
  const sessions = new Map<string, { meta: SessionMeta; turns: ChatTurn[] }>();
  const writes: StoreWrite[] = [];
  const need = (sessionId: string) => {
    const session = sessions.get(sessionId);
    if (!session) throw new ProtocolFailure('SESSION_NOT_FOUND', 'That chat does not exist.');
    return session;
  };
  const touch = (session: { meta: SessionMeta; turns: ChatTurn[] }) => {
    const firstUser = session.turns.find((turn): turn is UserTurn => turn.role === 'user');
    session.meta = {
      ...session.meta,
      updatedAt: now(),
      turnCount: session.turns.length,
      approxBytes: JSON.stringify(session.turns).length,
      preview: (firstUser?.text ?? '').slice(0, 160),
    };
    return structuredClone(session.meta);
  };
  const byUpdated = (left: SessionMeta, right: SessionMeta) => right.updatedAt - left.updatedAt;
  return {
    writes,
    async list(scope) {
      return [...sessions.values()]
        .filter((session) => sameScope(session.meta.scope, scope))
        .map((session) => structuredClone(session.meta))
        .sort(byUpdated);
    },
    async search(query) {
      const needle = query.toLowerCase();
      return [...sessions.values()]
        .filter(
          (session) =>
            session.meta.name.toLowerCase().includes(needle) ||
            JSON.stringify(session.turns).toLowerCase().includes(needle),
        )
        .map((session) => structuredClone(session.meta));
    },
    async get(sessionId) {
      const session = sessions.get(sessionId);
      return session ? structuredClone(session) : null;
    },
    async create(scope, name) {
      const at = now();
      const meta: SessionMeta = {
        id: createId(),
        scope,
        name: name ?? 'New chat',
        createdAt: at,
        updatedAt: at,
        userRenamed: false,
        turnCount: 0,
        approxBytes: 0,
        preview: '',
      };
      sessions.set(meta.id, { meta, turns: [] });
      writes.push({ kind: 'create', sessionId: meta.id, at });
      return structuredClone(meta);
    },
    async rename(sessionId, name, options = {}) {
      const session = need(sessionId);
      // An automatic title never replaces a name the person chose.
      if (options.auto === true && session.meta.userRenamed) return structuredClone(session.meta);
      session.meta = {
        ...session.meta,
        name,
        userRenamed: options.auto === true ? session.meta.userRenamed : true,
      };
      writes.push({ kind: 'rename', sessionId, at: now() });
      return structuredClone(session.meta);
    },
    async setMode(sessionId, agentMode) {
      const session = need(sessionId);
      session.meta = { ...session.meta, agentMode };
      writes.push({ kind: 'set-mode', sessionId, at: now() });
      return structuredClone(session.meta);
    },
    async setApiWrites(sessionId, apiWrites) {
      const session = need(sessionId);
      const { apiWrites: _previous, ...rest } = session.meta;
      void _previous;
      session.meta = apiWrites === null ? rest : { ...rest, apiWrites };
      return structuredClone(session.meta);
    },
    async delete(sessionId) {
      writes.push({ kind: 'delete', sessionId, at: now() });
      return sessions.delete(sessionId);
    },
    async deleteScope(scope) {
      let count = 0;
      for (const [id, session] of sessions) {
        if (sameScope(session.meta.scope, scope)) {
          sessions.delete(id);
          count += 1;
        }
      }
      return count;
    },
    async appendUserTurn(sessionId, turn) {
      const session = need(sessionId);
      session.turns.push(structuredClone(turn));
      writes.push({ kind: 'append-user', sessionId, turn: structuredClone(turn), at: now() });
      return touch(session);
    },
    async putAssistantTurn(sessionId, turn: AssistantTurn) {
      const session = need(sessionId);
      const index = session.turns.findIndex((existing) => existing.id === turn.id);
      if (index >= 0) session.turns[index] = structuredClone(turn);
      else session.turns.push(structuredClone(turn));
      writes.push({ kind: 'put-assistant', sessionId, turn: structuredClone(turn), at: now() });
      return touch(session);
    },
    async usage() {
      let bytes = 0;
      for (const session of sessions.values()) bytes += JSON.stringify(session).length;
      return { bytes };
    },
  };
}

type StoredModel = Omit<ModelInput, 'id' | 'apiKey'> & { id: string; apiKey: string };

/** A SettingsStore over plain objects. Keys stay inside; views carry only a hint. */
export function createMemorySettingsStore(initial: Partial<GeneralSettings> = {}): SettingsStore {
  let general: GeneralSettings = { ...DEFAULT_GENERAL_SETTINGS, ...initial };
  const models = new Map<string, StoredModel>();
  const toView = (model: StoredModel): ModelView => {
    const { apiKey, ...rest } = model;
    return { ...rest, hasApiKey: apiKey !== '', apiKeyHint: apiKey.slice(-4) };
  };
  const view = (): SettingsView => ({
    general: { ...general },
    models: [...models.values()].map(toView),
  });
  return {
    async view() {
      return view();
    },
    async general() {
      return { ...general };
    },
    async saveGeneral(patch) {
      general = { ...general, ...patch };
      return view();
    },
    async saveModel(input) {
      const id = input.id ?? createId();
      const previous = models.get(id);
      const { apiKey, id: _ignored, ...fields } = input;
      models.set(id, { ...fields, id, apiKey: apiKey ?? previous?.apiKey ?? '' });
      return view();
    },
    async deleteModel(id) {
      models.delete(id);
      return view();
    },
    async resolveModel(id): Promise<ResolvedModel | null> {
      const model = models.get(id);
      if (!model) return null;
      return {
        id: model.id,
        name: model.name,
        supportsVision: model.supportsVision,
        contextWindow: model.contextWindow,
        insecureOriginAcknowledged: model.insecureOriginAcknowledged,
        // The same resolution as the real store, so run tests see the tier a person would.
        promptTier: resolvePromptTier(model).tier,
        prices: model.prices ?? null,
        settings: {
          kind: model.kind,
          baseUrl: model.baseUrl,
          apiKey: model.apiKey,
          modelId: model.modelId,
          ...(model.reasoningEffort !== 'default'
            ? { reasoningEffort: model.reasoningEffort }
            : {}),
        },
      };
    },
  };
}
