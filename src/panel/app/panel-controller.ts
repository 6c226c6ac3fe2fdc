// ## Owns
// The panel's composition of controllers and the orchestration between them:
// which tab and chat scope the panel serves, which chat it shows (and reconnecting to
// that chat's running run), Send and Stop, and reloading the chat when a run ends.
// Each concern lives in its own controller; this file only wires them.
import { computed, signal } from '@preact/signals';
import { sameScope, type ChatScope, type UserTurn } from '../../shared/protocol/chat-records';
import type { TabSite } from '../../shared/protocol/site-catalog';
import {
  DEFAULT_AGENT_MODE,
  isModeAvailable,
  type AgentMode,
} from '../../shared/protocol/agent-modes';
import { ChatSessionController } from '../chat/chat-session';
import type { FollowHolder } from '../chat/chat-view';
import { RunController } from '../chat/run-controller';
import { announceRunEnd } from '../chat/announce-run-end';
import { hostOf } from '../errors/error-text';
import { SendController } from '../chat/send-controller';
import type { FrameScheduler } from '../chat/stream/frame-scheduler';
import { AttachmentsController, type AddKind } from '../composer/attachments-controller';
import { QuickAttachInbox } from '../composer/quick-attach-inbox';
import { QuickActionRunner } from '../composer/quick-action-runner';
import type { ThumbnailMaker } from '../composer/thumbnail';
import { requestHostPatterns, type RequestHostPatterns } from '../settings/host-permission';
import { SiteAccessController } from '../site-access/site-access-controller';
import { FrameAllowController } from '../site-access/frame-allow-controller';
import type { PanelApi } from './panel-api';
import { siteCatalog, type SiteCatalog } from './site-catalog';
import { PanelSettings } from './panel-settings';
import type { CommandOutput } from '../commands/slash-command';
import { commandContextOf } from '../commands/panel-command-context';
import { isCommandText, runCommandText } from '../commands/run-command';

/** The message a Continue press sends, shown in the chat as the person's go-ahead. */
export const CONTINUE_MESSAGE = 'Continue from where you stopped.';

/** Optional seams for tests and the benchmark. */
export interface PanelControllerOptions {
  readonly scheduler?: FrameScheduler;
  readonly thumbnail?: ThumbnailMaker;
  /** The browser's host-permission prompt (the real one by default). */
  readonly requestPermission?: RequestHostPatterns;
}

/** The chat scope of the served tab, as its site decided it (null: no chat there). */
export function scopeOf(site: TabSite | null): ChatScope | null {
  return site?.scope ?? null;
}

/** Everything the panel shell drives. */
export class PanelController {
  readonly site = signal<TabSite | null>(null);
  readonly draft = signal('');
  readonly follow: FollowHolder = { current: null };
  readonly settings: PanelSettings;
  readonly session: ChatSessionController;
  readonly runs: RunController;
  /** "Also allow" for the sites of frames the last run could not read. */
  readonly frameAllow: FrameAllowController;
  readonly attachments: AttachmentsController;
  readonly send: SendController;
  /** What the last slash command said: a local note in the chat, never sent. */
  readonly commandOutput = signal<CommandOutput | null>(null);
  /** A tab change that arrived while the tab's own run was live; served when it ends. */
  private deferredSite: TabSite | null | undefined = undefined;
  /** What the served site contributes to the panel. */
  readonly sitePanel = computed(() => this.catalog.panelOf(this.site.value?.siteId ?? null));
  /** Clicks on a site's floating "Add to agent" buttons for this panel's tab. */
  readonly quickAttach: QuickAttachInbox;
  /** Quick actions chosen on a site's selection toolbar, sent as normal runs. */
  readonly quickActions: QuickActionRunner;
  /** Whether Side Agent may work on the served page (the person allowed its site). */
  readonly siteAccess: SiteAccessController;
  /**
   * The served page needs no grant or has one. Sites that come with the install
   * contribute no grant texts; on every other site the composer waits for the grant.
   */
  readonly allowed = computed(
    () =>
      this.sitePanel.value.grant === undefined || this.siteAccess.access.value?.state === 'allowed',
  );
  /**
   * A card takes the chat's place: the page is off limits, or its site waits for the
   * person's grant. The composer is not shown then, since nothing could be sent.
   */
  readonly blocked = computed(
    () => this.siteAccess.access.value?.state === 'restricted' || !this.allowed.value,
  );
  /** Whether the served site's composer shows the Ask / Act / Dev control. */
  readonly hasAgentModes = computed(() => this.sitePanel.value.modeControl === 'agent-mode');
  /** The shown chat's agent mode (Ask for a new chat or one saved without a mode). */
  readonly agentMode = computed<AgentMode>(
    () => this.session.meta.value?.agentMode ?? DEFAULT_AGENT_MODE,
  );
  /** Whether Dev mode can run with the active model (unknown tier: let the worker decide). */
  readonly isDevAvailable = computed(() => {
    const tier = this.settings.activeTier.value?.tier;
    return tier === undefined || isModeAvailable('dev', tier);
  });
  /** The panel can chat: the served tab has a chat scope, is allowed, and its chat is loaded. */
  readonly enabled = computed(
    () =>
      scopeOf(this.site.value) !== null && this.allowed.value && this.session.meta.value !== null,
  );

  constructor(
    readonly api: PanelApi,
    options: PanelControllerOptions = {},
    readonly catalog: SiteCatalog = siteCatalog,
  ) {
    this.settings = new PanelSettings(api);
    this.siteAccess = new SiteAccessController(
      api,
      options.requestPermission ?? requestHostPatterns,
    );
    this.session = new ChatSessionController(api);
    this.frameAllow = new FrameAllowController(
      api,
      options.requestPermission ?? requestHostPatterns,
    );
    this.runs = new RunController({
      client: api,
      onFrameSites: (run, sites) => this.frameAllow.add(run.runId, run.identity.tabId, sites),
      onBegin: () => this.frameAllow.reset(),
      answerOptions: () => ({
        ...(options.scheduler ? { scheduler: options.scheduler } : {}),
        onUpdate: () => this.follow.current?.contentChanged(),
      }),
      onEnded: (run) => {
        announceRunEnd(run, hostOf(this.settings.activeModel.peek()?.baseUrl));
        void this.afterRun(run.runId);
      },
    });
    this.attachments = new AttachmentsController(api, options.thumbnail);
    this.quickAttach = new QuickAttachInbox({
      served: () => {
        const site = this.site.peek();
        return site ? { tabId: site.tabId, windowId: site.windowId } : null;
      },
      add: (kind, tabId) => this.attachments.add(kind, tabId),
      act: (action, tabId) => this.quickActions.run(action, tabId),
    });
    this.send = new SendController({
      client: api,
      runs: this.runs,
      attachments: this.attachments,
      context: {
        site: () => this.site.peek(),
        sessionId: () => this.session.sessionId,
        modelId: () => this.settings.activeModelId.peek(),
        editMode: () => this.settings.editMode.peek(),
        agentMode: () => (this.hasAgentModes.peek() ? this.agentMode.peek() : null),
        promptTier: () => this.settings.activeTier.peek()?.tier ?? null,
      },
      onUserTurn: (sessionId, turn) => this.session.appendLocal(sessionId, turn),
    });
    this.quickActions = new QuickActionRunner({
      client: api,
      attachments: this.attachments,
      settings: async () => {
        await this.settings.load();
        return this.settings.view.peek()?.general ?? null;
      },
      busy: () => this.send.preparing.peek() || this.runs.isRunning,
      send: (text) => this.send.send(text).then((outcome) => outcome.kind),
    });
  }

  /** Loads settings and the chat of the served tab. */
  async start(site: TabSite | null): Promise<void> {
    const sites = await this.api.request('site/catalog', {});
    if (sites.ok) this.catalog.set(sites.data.sites);
    await this.settings.load();
    await this.serve(site);
    // Quick-attach clicks that arrived while loading are for the tab known now.
    this.quickAttach.ready();
  }

  /** The served tab changed (navigation, another scope): show that scope's chat. */
  async serve(site: TabSite | null): Promise<void> {
    const before = scopeOf(this.site.peek());
    const after = scopeOf(site);
    const scopeChanged = (before !== null || after !== null) && !sameScope(before, after);
    // The run's own tab left its scope: the run pauses until the tab is back or the
    // person stops it, so the panel keeps showing that run (and why it waits) instead of
    // switching to the other chat; the switch happens when the run ends.
    if (scopeChanged && this.runs.isRunning && site?.tabId === this.site.peek()?.tabId) {
      this.deferredSite = site;
      return;
    }
    this.deferredSite = undefined;
    this.site.value = site;
    // Asked on every change of the served tab, a same-site navigation included: the
    // page may embed other origins now, or its "Only now" grant may have ended.
    void this.siteAccess.load(site?.tabId ?? null);
    const scope = scopeOf(site);
    const same = before?.siteId === scope?.siteId && before?.projectId === scope?.projectId;
    if (same && this.session.meta.peek()) return;
    // A run of another chat keeps going in the worker; the panel just stops showing it.
    this.runs.release();
    this.attachments.clear();
    this.commandOutput.value = null;
    await this.session.openScope(scope);
    await this.reconnect();
  }

  /** Switches to another chat of the project (from the chat menu). */
  async selectChat(sessionId: string): Promise<void> {
    this.runs.release();
    await this.session.select(sessionId);
    await this.reconnect();
  }

  async newChat(): Promise<void> {
    this.runs.release();
    this.commandOutput.value = null;
    await this.session.createNew();
  }

  async submit(text: string): Promise<void> {
    if (this.send.preparing.peek() || this.runs.isRunning) return;
    // A slash command is ours to run: its text never becomes a message to the model.
    if (isCommandText(text)) {
      this.draft.value = '';
      const output = await runCommandText(text, commandContextOf(this));
      this.commandOutput.value = output;
      if (output.send === undefined) return;
      // The command hands the person's words on as their message; if it does not
      // start, the command line comes back to the composer rather than being lost.
      if ((await this.sendText(output.send)) !== 'started') this.draft.value = text;
      return;
    }
    if ((await this.sendText(text)) !== 'started') return;
    this.draft.value = '';
    // A command's note spoke of the message to come (/json, /allow-api): once that
    // message is sent the transcript has moved on, and the note would mislead.
    this.commandOutput.value = null;
  }

  private async sendText(text: string): Promise<string> {
    // The header's model picker saves through the worker; read the choice fresh.
    await this.settings.load();
    return (await this.send.send(text)).kind;
  }

  /**
   * Goes on after an answer paused at the step cap or a token limit: a new run in the
   * same chat, whose message says plainly that the person pressed Continue.
   */
  async continueRun(): Promise<void> {
    if (this.send.preparing.peek() || this.runs.isRunning) return;
    await this.settings.load();
    await this.send.send(CONTINUE_MESSAGE);
  }

  regenerate(turn: UserTurn): void {
    void this.send.regenerate(turn);
  }

  dismissErrors(): void {
    this.send.error.value = null;
    this.session.error.value = null;
    this.attachments.error.value = null;
    this.quickActions.error.value = null;
  }

  add(kind: AddKind): void {
    const site = this.site.peek();
    if (site) void this.attachments.add(kind, site.tabId);
  }

  /** A panel opened during a run shows that run live (stream, tools, pending approval). */
  private async reconnect(): Promise<void> {
    const scope = this.session.scope.peek();
    const sessionId = this.session.sessionId;
    if (scope && sessionId) await this.runs.reconnect(scope, sessionId);
  }

  private async afterRun(runId: string): Promise<void> {
    const deferred = this.deferredSite;
    if (deferred !== undefined) {
      this.deferredSite = undefined;
      this.runs.release();
      return this.serve(deferred);
    }
    // The worker stored the assistant turn; show the stored one instead of the live view.
    const reloaded = await this.session.reload();
    if (reloaded && this.runs.live.peek()?.runId === runId) {
      const stored = this.session.turns
        .peek()
        .some((turn) => turn.role === 'assistant' && turn.runId === runId);
      // A run that ended done hands its view to the stored turn (never rendered twice).
      if (stored) this.runs.release({ handOver: true });
    }
  }
}
