// ## Owns
// The worker part of a site: what the agent core needs from a site and nothing
// more — its tools, its trusted system-prompt section (per agent mode and prompt tier
// where the site has modes), how one round's tool calls are
// ordered, the state its tools share during a run, and how the panel's "+ Add" and
// send-time capture read its pages. The core iterates the registry of these parts
// (worker-sites.ts) and never names a site.
import type { QuickActionFacts } from '../../shared/protocol/quick-actions';
import {
  DEFAULT_AGENT_MODE,
  type AgentMode,
  type PromptTier,
} from '../../shared/protocol/agent-modes';
import type { FileIdentity } from '../../shared/protocol/chat-records';
import type { CapturedImage } from '../../shared/protocol/context-messages';
import type { Result } from '../../shared/protocol/envelope';
import type { MethodName, RequestOf, ResponseOf } from '../../shared/protocol/define-channel';
import type { RunStartRequest } from '../../shared/protocol/run-messages';
import type { AttachmentKind } from '../../shared/protocol/site-catalog';
import type { SiteDefinition } from '../../sites/site-contract';
import type { PageChannel } from '../../sites/page-channel';
import type { DocumentChecker } from '../documents/document-check';
import type { SiteGuide } from './site-guide';
import type { RunPage, ToolDefinition } from '../tools/define-tool';
import type { ToolImage } from '../integrations/mcp/mcp-result';

/** Page requests to one tab outside a run (the panel's context reads). */
export interface SitePage {
  readonly tabId: number;
  readonly signal: AbortSignal;
  request<K extends MethodName<PageChannel>>(
    method: K,
    payload: RequestOf<PageChannel, K>,
  ): Promise<Result<ResponseOf<PageChannel, K>>>;
}

/** A call as the ordering policy sees it: the tool name and its parsed arguments. */
export interface PlannedCall {
  readonly name: string;
  /** Parsed arguments, or undefined when they did not parse. */
  readonly arguments: unknown;
}

/** What a site's pages offer the composer at Send and through "+ Add". */
export interface SiteContextReader {
  /** The send-time capture: the open document's identity and selection range, never text. */
  identity(page: SitePage): Promise<{
    file: FileIdentity | null;
    selection: { anchor: number; head: number } | null;
  }>;
  /** The page's selected text, or null when nothing is selected. */
  selection(page: SitePage): Promise<{ text: string; fileLabel: string | null } | null>;
  /** An image the site offers, by the panel's attachment kind. */
  capture(page: SitePage, kind: Exclude<AttachmentKind, 'selection'>): Promise<CapturedImage>;
  /**
   * The selection a quick action works on (its text, lines and the compiler messages
   * on those lines), or null when nothing is selected; absent where the site offers
   * no quick actions.
   */
  quickAction?(page: SitePage): Promise<QuickActionFacts | null>;
}

/** The text around the cursor a site's page gives for one typing pause. */
export interface SiteCompletionContext {
  readonly before: string;
  readonly after: string;
  readonly fileLabel: string | null;
}

/**
 * A site's inline completion (ghost text) in its editor. The core decides when to ask
 * the model and with what (src/worker/completion); the site reads its page and shows
 * the answer there.
 */
export interface SiteCompletion {
  /** Trusted words of ours about the document's language, for the completion model. */
  readonly systemPrompt: string;
  /** The text around the cursor of the page's pause `pauseId`; fails once it is over. */
  context(page: SitePage, pauseId: string): Promise<SiteCompletionContext>;
  /** Shows `text` as ghost text at that pause's cursor; false when the pause is over. */
  show(page: SitePage, pauseId: string, text: string): Promise<boolean>;
}

/** What a site's built-in prompt may depend on. */
export interface SitePromptOptions {
  /** The chat's agent mode; null on sites without the Ask / Act / Dev control. */
  readonly mode: AgentMode | null;
  /** The run's model's prompt tier. */
  readonly tier: PromptTier;
}

/** The worker part of one site. */
export interface WorkerSite<State = unknown> {
  readonly site: SiteDefinition;
  /**
   * The site's built-in system prompt: trusted text written by us, never page
   * content. One text for every run, or one per mode and tier (written shorter for
   * smaller tiers). A person's custom prompt replaces it.
   */
  readonly systemPrompt: string | ((options: SitePromptOptions) => string);
  /** Fence language for selections quoted to the model (e.g. a language name), or ''. */
  readonly selectionLanguage: string;
  /** The site's tools; the registry marks them as this site's. */
  readonly tools: readonly ToolDefinition<unknown>[];
  /**
   * The order one round's calls run in (indices into `calls`); absent means provider
   * order. A policy may only reorder calls it can prove independent.
   */
  orderToolCalls?(calls: readonly PlannedCall[]): number[];
  /** The state the site's tools share during one run, from what was captured at Send. */
  createRunState(start: RunStartRequest): State;
  /**
   * Called once when a run of this site ended (done, failed or stopped), before its
   * end is announced: releases what the run held in the browser. `page` reaches the
   * run's tab outside the run's guard (whatever document it shows now), with a short
   * bound of its own: the run's signal may be aborted already. `earlier` reaches, the
   * same way, the tabs the run worked in before it switched to the current one. Never
   * throws.
   */
  endRun?(runId: string, page: SitePage, earlier: readonly SitePage[]): Promise<void>;
  /** Absent when the site offers no send-time capture or attachments. */
  readonly context?: SiteContextReader;
  /**
   * Document sites: checks a proposed document before it is reviewed or applied (a
   * parser of the document's language). An edit that would add a problem goes back to
   * the model first (src/worker/documents/check-proposed-edit.ts). Absent: edits are
   * not checked.
   */
  readonly checkDocument?: DocumentChecker;
  /** Editor sites: inline completion at the cursor. Absent: the site offers none. */
  readonly completion?: SiteCompletion;
  /**
   * Site guides (site adapters): our notes about well-known websites the site serves,
   * the first match joining the run's first message as labelled product guidance, and
   * a later message when the run's tab moves to another guided site (site-guide.ts).
   * Absent: none.
   */
  readonly guides?: readonly SiteGuide[];
  /**
   * Runs work on web pages: their first message carries the tab's address and title,
   * labelled as page data (run-page-note.ts). Absent: it does not.
   */
  readonly tellsPageAtStart?: boolean;
  /**
   * Sites whose runs act on a page: one picture of the run's page at the model's
   * image budget, for the run's automatic screenshots (auto-screenshot.ts); null
   * when it could not be taken. Absent: runs of the site get none.
   */
  captureForModel?(page: RunPage): Promise<ToolImage | null>;
}

/** The site's built-in prompt for a run with `options`. */
export function sitePromptOf(part: WorkerSite, options: SitePromptOptions): string {
  return typeof part.systemPrompt === 'string' ? part.systemPrompt : part.systemPrompt(options);
}

/**
 * The agent mode a run on this site works in: the mode captured at Send (Ask when an
 * older panel sent none) on sites whose composer shows the Ask / Act / Dev control,
 * else null (the site's tools are offered without regard to modes).
 */
export function runModeOf(part: WorkerSite, captured: AgentMode | undefined): AgentMode | null {
  if (part.site.panel.modeControl !== 'agent-mode') return null;
  return captured ?? DEFAULT_AGENT_MODE;
}

/** Declares a site's worker part. */
export function defineWorkerSite<State>(part: WorkerSite<State>): WorkerSite<State> {
  return Object.freeze(part);
}
