// ## Owns
// The interfaces through which the rest of the worker reads and writes persistent
// state. The storage layer implements them (IndexedDB for chats, chrome.storage for
// settings); the agent core and handlers depend only on these, so they are tested
// with in-memory implementations and never reach into storage details.
import type {
  ApiWrites,
  AssistantTurn,
  ChatScope,
  ChatTurn,
  SessionMeta,
  UserTurn,
} from '../../shared/protocol/chat-records';
import type { AgentMode, PromptTier } from '../../shared/protocol/agent-modes';
import type {
  GeneralSettings,
  ModelInput,
  ModelPrices,
  SettingsView,
} from '../../shared/protocol/settings-messages';
import type { ModelSettings } from '../providers/model-adapter';

/**
 * A chat as read back. `corruptTurns` counts stored turns that failed validation and
 * were skipped (absent when there were none), so the panel can say so.
 */
export interface StoredChat {
  meta: SessionMeta;
  turns: ChatTurn[];
  corruptTurns?: number;
}

/** Chats. Writes append or replace one turn; they never rewrite a whole chat. */
export interface ChatStore {
  list(scope: ChatScope): Promise<SessionMeta[]>;
  search(query: string): Promise<SessionMeta[]>;
  get(sessionId: string): Promise<StoredChat | null>;
  create(scope: ChatScope, name?: string): Promise<SessionMeta>;
  rename(sessionId: string, name: string, options?: { auto?: boolean }): Promise<SessionMeta>;
  /** Saves the chat's agent mode; the chat's order in lists does not change. */
  setMode(sessionId: string, agentMode: AgentMode): Promise<SessionMeta>;
  /** Saves or removes (null) the chat's leave for network writes; list order stays. */
  setApiWrites(sessionId: string, apiWrites: ApiWrites | null): Promise<SessionMeta>;
  delete(sessionId: string): Promise<boolean>;
  deleteScope(scope: ChatScope): Promise<number>;
  appendUserTurn(sessionId: string, turn: UserTurn): Promise<SessionMeta>;
  /**
   * Inserts or replaces the assistant turn with `turn.id` (a run saves its turn as
   * it goes and at the end). Oversize optional data is trimmed with a marker first.
   */
  putAssistantTurn(sessionId: string, turn: AssistantTurn): Promise<SessionMeta>;
  usage(): Promise<{ bytes: number }>;
}

/** A model ready for a provider call, with the facts the run loop needs. */
export interface ResolvedModel {
  readonly id: string;
  readonly name: string;
  readonly settings: ModelSettings;
  readonly supportsVision: boolean;
  readonly contextWindow: number;
  /** The plain-HTTP origin the user acknowledged for this model, if any. */
  readonly insecureOriginAcknowledged: string | null;
  /** The prompt tier runs with this model get: the person's override, else from its context window. */
  readonly promptTier: PromptTier;
  /** US dollars per million tokens the person entered; null: the model's cost is unknown. */
  readonly prices: ModelPrices | null;
}

/** Settings. API keys are readable only inside the worker, through `resolveModel`. */
export interface SettingsStore {
  view(): Promise<SettingsView>;
  general(): Promise<GeneralSettings>;
  saveGeneral(patch: Partial<GeneralSettings>): Promise<SettingsView>;
  saveModel(model: ModelInput): Promise<SettingsView>;
  deleteModel(id: string): Promise<SettingsView>;
  resolveModel(id: string): Promise<ResolvedModel | null>;
}
