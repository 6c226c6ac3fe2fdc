// ## Owns
// The one answer to "may this call run in this run?" (ARCHITECTURE.md, trust table):
// a call runs only when its tool exists in the run's registry, belongs to the run's
// site, is offered in the chat's agent mode and at the model's prompt tier. The tools
// the model is offered are derived from the same answer, so the offered list and
// dispatch cannot disagree.
// ## Never
// Trusts the model to stay inside the offered list: a model may call any name it
// likes, from an earlier turn, another mode or nowhere, and each is refused here with
// a code and plain words the model can act on. Whether a call that may run also needs
// the person's approval is a separate question (approval-policy.ts).
import {
  AGENT_MODES,
  PROMPT_TIERS,
  type AgentMode,
  type PromptTier,
} from '../../shared/protocol/agent-modes';
import type { SiteId } from '../../shared/protocol/page-context';
import type { AnyTool, ToolRegistry } from './tool-registry';

/** What a run was started with that decides its tools. */
export interface RunToolScope {
  readonly siteId: SiteId;
  /** The chat's mode at Send; null on sites without the Ask / Act / Dev control. */
  readonly mode: AgentMode | null;
  readonly tier: PromptTier;
  /** The person's own messages in the chat (tools with `offerWhen` ask them). */
  readonly personText?: readonly string[];
  /** The person's message asked for a JSON result (/json): the run finishes with data. */
  readonly wantsData?: boolean;
}

export type CallVerdict =
  | { readonly ok: true; readonly tool: AnyTool }
  | {
      readonly ok: false;
      readonly code: 'UNKNOWN_TOOL' | 'TOOL_NOT_IN_MODE' | 'TOOL_NOT_IN_TIER';
      /** For the model: what happened and what to do instead. */
      readonly message: string;
      /** For the person's tool card: what was not done and how to allow it (absent: code and message). */
      readonly summary?: string;
    };

const MODE_LABELS: Readonly<Record<AgentMode, string>> = { ask: 'Ask', act: 'Act', dev: 'Dev' };
const TIER_LABELS: Readonly<Record<PromptTier, string>> = {
  compact: 'Compact',
  mid: 'Mid',
  full: 'Full',
};

/**
 * The modes a tool is offered in: what it declares (absent: every mode), but never Ask
 * for a tool whose source-owned effect changes a page or a document. Ask reads only,
 * whatever a tool declares.
 */
export function modesOf(tool: AnyTool): readonly AgentMode[] {
  const declared = tool.modes ?? AGENT_MODES;
  const changes = tool.effect === 'page-action' || tool.effect === 'editor-write';
  return changes ? declared.filter((mode) => mode !== 'ask') : declared;
}

/** The tiers a tool is offered at (absent: every tier). */
export const tiersOf = (tool: AnyTool): readonly PromptTier[] => tool.tiers ?? PROMPT_TIERS;

const isOnSite = (tool: AnyTool, siteId: SiteId) =>
  tool.sites === undefined || tool.sites.includes(siteId);
const isInMode = (tool: AnyTool, mode: AgentMode | null) =>
  mode === null || modesOf(tool).includes(mode);
const isAtTier = (tool: AnyTool, tier: PromptTier) => tiersOf(tool).includes(tier);
// A run that owes the person data finishes only through the tool that hands it back.
const finishesFit = (tool: AnyTool, scope: RunToolScope) =>
  tool.finishes === undefined || (tool.finishes === 'data') === (scope.wantsData === true);
const isAsked = (tool: AnyTool, scope: RunToolScope) =>
  finishesFit(tool, scope) &&
  (tool.offerWhen === undefined || tool.offerWhen(scope.personText ?? []));
const isOffered = (tool: AnyTool, scope: RunToolScope) =>
  isOnSite(tool, scope.siteId) &&
  isInMode(tool, scope.mode) &&
  isAtTier(tool, scope.tier) &&
  isAsked(tool, scope);

/** Where to send the person for a tool the chat's mode does not offer. */
function switchTarget(tool: AnyTool, mode: AgentMode): AgentMode | null {
  const offered = modesOf(tool);
  // The next mode that allows more: Ask -> Act -> Dev.
  return (
    AGENT_MODES.slice(AGENT_MODES.indexOf(mode) + 1).find((next) => offered.includes(next)) ?? null
  );
}

function notInMode(name: string, tool: AnyTool, mode: AgentMode): string {
  const target = switchTarget(tool, mode);
  const chosen = `The person chose ${MODE_LABELS[mode]} mode for this chat`;
  const head =
    mode === 'ask'
      ? `${chosen}, so ${name} is not available: in Ask mode you only read the page, you never act on it.`
      : `${chosen}, so ${name} is not available in this run.`;
  const tell =
    target === null
      ? 'Tell the person what you could not do.'
      : `Tell the person: "Switch to ${MODE_LABELS[target]} mode to let me do that." (the Ask / Act / Dev control under the message box).`;
  return `${head} Do not call it again or try another way to do the same thing. ${tell}`;
}

function notInModeSummary(tool: AnyTool, mode: AgentMode): string {
  const target = switchTarget(tool, mode);
  const head =
    mode === 'ask'
      ? 'This chat is in Ask mode, where the agent only reads the page.'
      : `${MODE_LABELS[mode]} mode does not include this tool.`;
  return target === null
    ? head
    : `${head} To let it do this, choose ${MODE_LABELS[target]} under the message box.`;
}

/**
 * May a call named `name` run in this run? `registry` is the run's whole registry
 * (built-in, site and integration tools, before any mode or tier filtering). Names that
 * no tool of the run's site has are UNKNOWN_TOOL, listing what the run offers.
 */
export function mayCallRun(registry: ToolRegistry, scope: RunToolScope, name: string): CallVerdict {
  const tool = registry.get(name);
  const shown = JSON.stringify(name.slice(0, 64));
  // A tool the person did not ask for in this chat is as absent as an unknown one.
  if (!tool || !isOnSite(tool, scope.siteId) || !isAsked(tool, scope)) {
    const offered = registry
      .all()
      .filter((candidate) => isOffered(candidate, scope))
      .map((candidate) => candidate.name);
    return {
      ok: false,
      code: 'UNKNOWN_TOOL',
      message: `There is no tool named ${shown}. Available tools: ${offered.join(', ') || 'none'}.`,
    };
  }
  if (scope.mode !== null && !isInMode(tool, scope.mode))
    return {
      ok: false,
      code: 'TOOL_NOT_IN_MODE',
      message: notInMode(shown, tool, scope.mode),
      summary: notInModeSummary(tool, scope.mode),
    };
  if (!isAtTier(tool, scope.tier))
    return {
      ok: false,
      code: 'TOOL_NOT_IN_TIER',
      message: `${shown} is not offered to this model (its prompt tier is ${TIER_LABELS[scope.tier]}). Use the tools you were given; if none fits, tell the person what you could not do.`,
      summary: `This model's prompt tier (${TIER_LABELS[scope.tier]}) does not include this tool. A larger tier can be chosen in Settings \u2192 Models.`,
    };
  return { ok: true, tool };
}

/** A run's tools: the whole registry for dispatch's answers, and what the model is offered. */
export interface RunTools {
  readonly scope: RunToolScope;
  /** The tools the model sees, in registry order: exactly those `check` lets run. */
  readonly offered: ToolRegistry;
  check(name: string): CallVerdict;
}

export function createRunTools(registry: ToolRegistry, scope: RunToolScope): RunTools {
  const offered = registry.only((tool) => mayCallRun(registry, scope, tool.name).ok);
  return { scope, offered, check: (name) => mayCallRun(registry, scope, name) };
}

/** The round's tools, without those whose run state does not call for them now. */
export function shownThisRound<T extends { readonly name: string }>(
  tools: readonly T[],
  runTools: RunTools,
  runId: string,
): T[] {
  return tools.filter((tool) => runTools.offered.get(tool.name)?.offerWhileRun?.(runId) ?? true);
}
