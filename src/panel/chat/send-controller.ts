// ## Owns
// The Send flow. Send captures an immutable identity (runId,
// tab, chat scope, chat, edit mode, agent mode, model), reads the open file's identity (no
// document text), refreshes the attachments from the originating tab, reserves the
// run BEFORE the user turn is stored, stores the turn, then starts the run. If the
// project, chat or tab changes between these steps, or Stop is pressed, the
// reservation is cancelled and nothing is appended. One send at a time: a double
// click admits exactly one message.
import { signal } from '@preact/signals';
import {
  sameScope,
  type AttachmentRecord,
  type FileIdentity,
  type UserTurn,
} from '../../shared/protocol/chat-records';
import type { ProtocolError } from '../../shared/protocol/envelope';
import type { ResultFormat } from '../../shared/protocol/result-format';
import type { TabSite } from '../../shared/protocol/site-catalog';
import type {
  EditMode,
  RunAttachment,
  RunIdentity,
  RunStartRequest,
} from '../../shared/protocol/run-messages';
import { createId } from '../../shared/lib/ids';
import {
  isModeAvailable,
  type AgentMode,
  type PromptTier,
} from '../../shared/protocol/agent-modes';
import type { SendClient } from '../app/panel-api';
import type { RunController } from './run-controller';

/** The live values Send reads; each is read again to detect a change mid-send. */
export interface SendContext {
  site(): TabSite | null;
  sessionId(): string | null;
  modelId(): string | null;
  editMode(): EditMode;
  /** The chat's agent mode on sites with the Ask / Act / Dev control, else null. */
  agentMode(): AgentMode | null;
  /** The active model's prompt tier, or null when unknown. */
  promptTier(): PromptTier | null;
}

/** The attachments Send takes for one run. */
export interface SendAttachments {
  /** Re-reads the attachments for the originating tab; ones from other tabs are dropped. */
  refreshFor(tabId: number): Promise<{ attachments: RunAttachment[]; records: AttachmentRecord[] }>;
  /** The JSON format the next message asks for (/json), or null. */
  resultFormat?(): ResultFormat | null;
  clear(): void;
}

export interface SendControllerDeps {
  readonly client: SendClient;
  readonly runs: RunController;
  readonly attachments: SendAttachments;
  readonly context: SendContext;
  /** Shows the stored user turn at once (the chat reloads at the run's end anyway). */
  readonly onUserTurn?: (sessionId: string, turn: UserTurn) => void;
  readonly createId?: () => string;
  readonly now?: () => number;
}

/** How a Send ended. */
export type SendOutcome =
  | { readonly kind: 'started'; readonly runId: string }
  | { readonly kind: 'refused'; readonly message: string }
  | { readonly kind: 'busy' }
  | { readonly kind: 'stale' }
  | { readonly kind: 'stopped' }
  | { readonly kind: 'failed'; readonly error: ProtocolError };

interface SendToken {
  readonly runId: string;
  stopped: boolean;
  reserved: boolean;
}

/** What to send: new text, or the last user turn again (regenerate). */
type SendInput = { readonly text: string } | { readonly again: UserTurn };

/** Runs Send and Stop for the chat. */
export class SendController {
  /** True from Send until the run started or the send was abandoned. */
  readonly preparing = signal(false);
  /** The last failure, shown with its code and a copy button. */
  readonly error = signal<ProtocolError | null>(null);
  /** Why Send did nothing (a precondition), shown as a status line. */
  readonly status = signal<string | null>(null);
  private token: SendToken | null = null;

  constructor(private readonly deps: SendControllerDeps) {}

  /** Sends new text. */
  send(text: string): Promise<SendOutcome> {
    return this.run({ text });
  }

  /** Runs the last user turn again, without storing a new user turn. */
  regenerate(lastUserTurn: UserTurn): Promise<SendOutcome> {
    return this.run({ again: lastUserTurn });
  }

  /** Stop: abandons a send in preparation, or cancels the running run. */
  async stop(): Promise<void> {
    const token = this.token;
    if (!token) return this.deps.runs.cancel();
    token.stopped = true;
    if (token.reserved) await this.cancelReservation(token);
  }

  private async run(input: SendInput): Promise<SendOutcome> {
    if (this.token || this.deps.runs.isRunning) return { kind: 'busy' };
    const { context, client } = this.deps;
    const text = 'text' in input ? input.text.trim() : input.again.text;
    const refusal = this.precondition(text);
    if (refusal) {
      this.status.value = refusal;
      return { kind: 'refused', message: refusal };
    }
    const site = context.site() as TabSite & { scope: NonNullable<TabSite['scope']> };
    const identity: RunIdentity = {
      tabId: site.tabId,
      scope: site.scope,
      sessionId: context.sessionId() as string,
    };
    const modelId = context.modelId() as string;
    // The mode is captured here, once: a change while the run goes applies to the next message.
    const capture = { editMode: context.editMode(), agentMode: context.agentMode() };
    const token: SendToken = {
      runId: (this.deps.createId ?? createId)(),
      stopped: false,
      reserved: false,
    };
    this.token = token;
    this.preparing.value = true;
    this.status.value = null;
    this.error.value = null;
    try {
      return await this.prepareAndStart(input, text, identity, modelId, capture, token, client);
    } finally {
      this.token = null;
      this.preparing.value = false;
    }
  }

  private async prepareAndStart(
    input: SendInput,
    text: string,
    identity: RunIdentity,
    modelId: string,
    capture: { editMode: EditMode; agentMode: AgentMode | null },
    token: SendToken,
    client: SendClient,
  ): Promise<SendOutcome> {
    const abandoned = async (): Promise<SendOutcome | null> => {
      if (!token.stopped && this.unchanged(identity)) return null;
      await this.cancelReservation(token);
      return token.stopped ? { kind: 'stopped' } : { kind: 'stale' };
    };
    let file: FileIdentity | null;
    let selection: RunStartRequest['selection'] = null;
    let attachments: RunAttachment[];
    let records: AttachmentRecord[];
    if ('again' in input) {
      file = input.again.file;
      records = input.again.attachments;
      attachments = records.flatMap((record) => (record.kind === 'selection' ? [record] : []));
    } else {
      const read = await client.request('context/read-identity', { tabId: identity.tabId });
      if (!read.ok) return this.failed(read.error);
      file = read.data.file;
      // The selection at Send: tools that edit "the selection" use this one, not
      // whatever is selected when they run.
      selection = read.data.selection;
      ({ attachments, records } = await this.deps.attachments.refreshFor(identity.tabId));
    }
    const early = await abandoned();
    if (early) return early;
    const reserved = await client.request('run/reserve', identity, { runId: token.runId });
    if (!reserved.ok) return this.failed(reserved.error);
    token.reserved = true;
    const beforeAppend = await abandoned();
    if (beforeAppend) return beforeAppend;
    let userTurn: UserTurn;
    if ('again' in input) {
      userTurn = input.again;
    } else {
      userTurn = {
        id: (this.deps.createId ?? createId)(),
        role: 'user',
        createdAt: (this.deps.now ?? Date.now)(),
        text,
        file,
        attachments: records,
      };
      const format = this.deps.attachments.resultFormat?.() ?? null;
      if (format) userTurn.resultFormat = format;
      const appended = await client.request('session/append-user-turn', {
        sessionId: identity.sessionId,
        turn: userTurn,
      });
      if (!appended.ok) {
        await this.cancelReservation(token);
        return this.failed(appended.error);
      }
      this.deps.onUserTurn?.(identity.sessionId, userTurn);
      this.deps.attachments.clear();
    }
    const beforeStart = await abandoned();
    if (beforeStart) return beforeStart;
    const run = this.deps.runs.begin(token.runId, identity);
    const started = await client.request(
      'run/start',
      {
        ...identity,
        userTurnId: userTurn.id,
        modelId,
        editMode: capture.editMode,
        ...(capture.agentMode !== null ? { agentMode: capture.agentMode } : {}),
        file,
        selection,
        attachments,
        attachmentRecords: records,
      },
      { runId: token.runId },
    );
    if (!started.ok) {
      run.fail(started.error);
      return this.failed(started.error);
    }
    if (started.data.cancelled || !started.data.started) {
      if (run.isActive) run.end({ status: 'cancelled' });
      return { kind: 'stopped' };
    }
    run.started();
    return { kind: 'started', runId: token.runId };
  }

  private precondition(text: string): string | null {
    const { context } = this.deps;
    const site = context.site();
    if (!site?.scope) return 'Chatting is not possible on this page. Nothing was sent.';
    if (!context.sessionId()) return 'The chat is still loading. Nothing was sent.';
    if (text === '') return 'Type a message first.';
    if (!context.modelId()) return 'Add a model in Settings first. Nothing was sent.';
    const mode = context.agentMode();
    const tier = context.promptTier();
    if (mode !== null && tier !== null && !isModeAvailable(mode, tier))
      return "Dev mode needs a model with the Mid or Full prompt tier, and this model has Compact. Choose Ask or Act, or change the model's tier in Settings. Nothing was sent.";
    return null;
  }

  private unchanged(identity: RunIdentity): boolean {
    const site = this.deps.context.site();
    return (
      site?.tabId === identity.tabId &&
      sameScope(site.scope, identity.scope) &&
      this.deps.context.sessionId() === identity.sessionId
    );
  }

  private async cancelReservation(token: SendToken): Promise<void> {
    if (!token.reserved) return;
    token.reserved = false;
    await this.deps.client.request('run/cancel', {}, { runId: token.runId });
  }

  private failed(error: ProtocolError): SendOutcome {
    this.error.value = error;
    return { kind: 'failed', error };
  }
}
