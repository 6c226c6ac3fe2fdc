// ## Owns
// Start-time validation of a run, before any provider, tool or page work: the
// captured tab still shows the run's site and chat scope, the model exists and
// its endpoint passes the policy, the chat's mode can run with the model's tier,
// the captured session holds the user turn.
import { raceAbort } from '../../shared/lib/abort';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import { sameScope, type ChatTurn, type SessionMeta } from '../../shared/protocol/chat-records';
import type { TabSite } from '../../shared/protocol/site-catalog';
import type { RunIdentity, RunStartRequest } from '../../shared/protocol/run-messages';
import type { GeneralSettings } from '../../shared/protocol/settings-messages';
import {
  isModeAvailable,
  type AgentMode,
  type PromptTier,
} from '../../shared/protocol/agent-modes';
import { checkEndpoint } from '../integrations/endpoint-policy';
import { runModeOf } from '../sites/worker-site';
import { workerSiteOf } from '../sites/worker-sites';
import type { ChatStore, ResolvedModel, SettingsStore } from '../storage/store-contracts';

export interface RunTabs {
  /** The site a tab shows now, or null when it is gone. */
  siteOf(tabId: number): Promise<TabSite | null>;
}

export interface PreparedRun {
  readonly model: ResolvedModel;
  /** The chat's agent mode captured at Send; null on sites without modes. */
  readonly mode: AgentMode | null;
  /** The model's prompt tier. */
  readonly tier: PromptTier;
  readonly general: GeneralSettings;
  readonly meta: SessionMeta;
  /** The chat up to and including the run's user turn. */
  readonly history: ChatTurn[];
  /** The tab's address when the run started (it picks the run's site guide). */
  readonly tabUrl: string;
  /** The origin of the run's page at start (site-scoped memory applies to it), or null. */
  readonly origin: string | null;
}

/** The http(s) origin of a URL, or null. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

export async function checkRunTab(
  tabs: RunTabs,
  identity: RunIdentity,
  signal: AbortSignal,
): Promise<TabSite> {
  const tab = await raceAbort(tabs.siteOf(identity.tabId), signal);
  if (!tab || !sameScope(tab.scope, identity.scope)) {
    throw new ProtocolFailure(
      'INVALID_RUN_TAB',
      'The tab no longer shows the page this run was started for.',
    );
  }
  return tab;
}

export function checkModelEndpoint(model: ResolvedModel, url = model.settings.baseUrl): void {
  const check = checkEndpoint(url, {
    insecureOriginAcknowledged: model.insecureOriginAcknowledged ?? undefined,
  });
  if (!check.ok) throw new ProtocolFailure(check.code, check.message, check.details);
}

/**
 * The run's mode and tier, or AGENT_MODE_UNAVAILABLE when the mode cannot start with
 * this model (Dev with a compact-tier model). Refused here, before any model request.
 */
export function checkRunMode(
  identity: RunIdentity,
  request: RunStartRequest,
  model: ResolvedModel,
): { mode: AgentMode | null; tier: PromptTier } {
  const mode = runModeOf(workerSiteOf(identity.scope.siteId), request.agentMode);
  const tier = model.promptTier;
  if (mode !== null && !isModeAvailable(mode, tier))
    throw new ProtocolFailure(
      'AGENT_MODE_UNAVAILABLE',
      `Dev mode needs a model with the Mid or Full prompt tier; ${model.name} has Compact. Nothing was sent to the model. Choose Ask or Act, or change the model's tier in Settings → Models.`,
      { mode, tier },
    );
  return { mode, tier };
}

export async function prepareRun(
  deps: { chats: ChatStore; settings: SettingsStore; tabs: RunTabs },
  identity: RunIdentity,
  request: RunStartRequest,
  signal: AbortSignal,
): Promise<PreparedRun> {
  const tab = await checkRunTab(deps.tabs, identity, signal);
  const model = await raceAbort(deps.settings.resolveModel(request.modelId), signal);
  if (!model) throw new ProtocolFailure('MODEL_MISSING', 'The selected model is not configured.');
  checkModelEndpoint(model);
  const { mode, tier } = checkRunMode(identity, request, model);
  const general = await raceAbort(deps.settings.general(), signal);
  const session = await raceAbort(deps.chats.get(identity.sessionId), signal);
  if (!session)
    throw new ProtocolFailure('SESSION_NOT_FOUND', 'The chat of this run no longer exists.');
  if (
    session.meta.scope.siteId !== identity.scope.siteId ||
    session.meta.scope.projectId !== identity.scope.projectId
  ) {
    throw new ProtocolFailure('RUN_RESERVATION_MISMATCH', 'The chat belongs to another scope.');
  }
  const index = session.turns.findIndex(
    (turn) => turn.role === 'user' && turn.id === request.userTurnId,
  );
  if (index < 0)
    throw new ProtocolFailure('USER_TURN_NOT_FOUND', 'The message of this run was not saved.');
  return {
    model,
    mode,
    tier,
    general,
    meta: session.meta,
    history: session.turns.slice(0, index + 1),
    tabUrl: tab.url,
    origin: originOf(tab.url),
  };
}
