// ## Owns
// Which chat the panel shows and its stored turns: the latest chat of the project
// opens with the project (or a new one is created), and the turns are reloaded from
// the worker after a run ends, because the worker writes the assistant turn.
import { signal } from '@preact/signals';
import type {
  ApiWrites,
  ChatScope,
  ChatTurn,
  SessionMeta,
  UserTurn,
} from '../../shared/protocol/chat-records';
import { DEFAULT_AGENT_MODE, type AgentMode } from '../../shared/protocol/agent-modes';
import type { ProtocolError } from '../../shared/protocol/envelope';
import type { SessionClient } from '../app/panel-api';

function sameScope(a: ChatScope | null, b: ChatScope | null): boolean {
  return a?.siteId === b?.siteId && a?.projectId === b?.projectId;
}

/** The shown chat of the current project. */
export class ChatSessionController {
  readonly scope = signal<ChatScope | null>(null);
  readonly meta = signal<SessionMeta | null>(null);
  readonly turns = signal<readonly ChatTurn[]>([]);
  readonly error = signal<ProtocolError | null>(null);
  readonly loading = signal(false);
  // Each open/select bumps this, so a slow answer for an older choice is dropped.
  private generation = 0;

  constructor(private readonly client: SessionClient) {}

  /** The shown chat's id, or null. */
  get sessionId(): string | null {
    return this.meta.peek()?.id ?? null;
  }

  /** Opens the latest chat of a project (creating one when it has none). */
  async openScope(scope: ChatScope | null): Promise<void> {
    if (sameScope(scope, this.scope.peek()) && this.meta.peek()) return;
    const generation = ++this.generation;
    this.scope.value = scope;
    this.meta.value = null;
    this.turns.value = [];
    if (!scope) return;
    this.loading.value = true;
    const list = await this.client.request('session/list', { scope });
    if (generation !== this.generation) return;
    if (!list.ok) return this.failed(list.error);
    const latest = list.data[0];
    if (latest) return this.select(latest.id, generation);
    const created = await this.client.request('session/create', { scope });
    if (generation !== this.generation) return;
    if (!created.ok) return this.failed(created.error);
    this.meta.value = created.data;
    this.loading.value = false;
  }

  /** Shows another chat of the project. */
  async select(sessionId: string, generation = ++this.generation): Promise<void> {
    this.loading.value = true;
    const result = await this.client.request('session/get', { sessionId });
    if (generation !== this.generation) return;
    if (!result.ok) return this.failed(result.error);
    this.meta.value = result.data.meta;
    this.turns.value = result.data.turns;
    this.error.value = null;
    this.loading.value = false;
  }

  /** Starts a new chat in the current project. */
  async createNew(): Promise<void> {
    const scope = this.scope.peek();
    if (!scope) return;
    const generation = ++this.generation;
    const created = await this.client.request('session/create', { scope });
    if (generation !== this.generation) return;
    if (!created.ok) return this.failed(created.error);
    this.meta.value = created.data;
    this.turns.value = [];
  }

  /**
   * Saves the shown chat's agent mode. The choice shows at once (a Send right after
   * the click captures it); a failed save puts the previous mode back and says why.
   */
  async setMode(agentMode: AgentMode): Promise<void> {
    const meta = this.meta.peek();
    if (!meta || (meta.agentMode ?? DEFAULT_AGENT_MODE) === agentMode) return;
    this.meta.value = { ...meta, agentMode };
    const result = await this.client.request('session/set-mode', { sessionId: meta.id, agentMode });
    // Another chat is shown, or a newer choice is on its way: that one decides.
    const current = this.meta.peek();
    if (current?.id !== meta.id || current.agentMode !== agentMode) return;
    if (result.ok) this.meta.value = result.data;
    else {
      this.meta.value = meta;
      this.error.value = result.error;
    }
  }

  /**
   * Saves or removes (null) the shown chat's leave for network writes (/allow-api).
   * Waits for the worker: the answer is what the chat now holds. A refusal is returned.
   */
  async setApiWrites(apiWrites: ApiWrites | null): Promise<ProtocolError | null> {
    const meta = this.meta.peek();
    if (!meta) return null;
    const result = await this.client.request('session/set-api-writes', {
      sessionId: meta.id,
      apiWrites,
    });
    if (!result.ok) return result.error;
    if (this.meta.peek()?.id === meta.id) this.meta.value = result.data;
    return null;
  }

  /** Renames the shown chat (the header's title); a refusal is shown as the chat's error. */
  async rename(name: string): Promise<void> {
    const meta = this.meta.peek();
    if (!meta) return;
    const result = await this.client.request('session/rename', { sessionId: meta.id, name });
    if (this.meta.peek()?.id !== meta.id) return;
    if (result.ok) this.meta.value = result.data;
    else this.error.value = result.error;
  }

  /** Reloads the shown chat from storage (after a run wrote its turn). */
  async reload(): Promise<boolean> {
    const id = this.sessionId;
    if (!id) return false;
    await this.select(id);
    return this.error.peek() === null;
  }

  /** Shows a user turn the worker just stored, without a round trip. */
  appendLocal(sessionId: string, turn: UserTurn): void {
    if (this.sessionId !== sessionId) return;
    this.turns.value = [...this.turns.value, turn];
  }

  private failed(error: ProtocolError): void {
    this.error.value = error;
    this.loading.value = false;
  }
}
