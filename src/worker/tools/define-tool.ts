// ## Owns
// The tool contract: what a tool declares (name, description, argument schema,
// source-owned effect and approval), what it receives when it runs, and what it
// returns. Built-in, site, custom HTTP and MCP tools all become ToolDefinitions in
// one registry.
// ## Never
// Lets model output choose a tool's effect, approval or destination: those are
// fixed here by the code (or by the user's saved integration), never by arguments.
import { z } from '../../shared/schema/zod';
import type { ApiWrites, EditReceipt } from '../../shared/protocol/chat-records';
import type { ErrorCode } from '../../shared/protocol/error-codes';
import type { AgentMode, PromptTier } from '../../shared/protocol/agent-modes';
import type { SiteId } from '../../shared/protocol/page-context';
import type { EditMode, FrameSiteOffer, RunIdentity } from '../../shared/protocol/run-messages';
import type { MethodName, RequestOf, ResponseOf } from '../../shared/protocol/define-channel';
import type { Result } from '../../shared/protocol/envelope';
import type { PageChannel } from '../../sites/page-channel';
import type { DocumentChecker } from '../documents/document-check';
import type { EditHooks } from '../documents/edit-hooks';
import type { RunInteraction } from './run-interaction';
import type { WorkingMemoryBook } from '../agent/working-memory/working-memory';
import type { RunResultBook } from '../agent/result/run-result';

/** What running a tool does to the world; decides approval (see approval-policy). */
export type ToolEffect = 'read' | 'editor-write' | 'page-action' | 'external';

/**
 * How a call is approved. `automatic`: runs at once. `editor-review`: an Ask-mode
 * run shows the diff and waits for Apply/Reject (Auto approve skips only that
 * wait). `external-approval`: Approve once / Allow for run / Deny, unless the user
 * trusts that exact saved integration.
 */
export type ToolApproval = 'automatic' | 'editor-review' | 'external-approval';

export type JsonValue =
  null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A tool's answer. Failures go back to the model as structured results, never thrown. */
/**
 * What a page-acting tool tells the run's loop detection about one call: the element
 * or spot it acted on, and the tab's address before and after. Never shown to the model.
 */
export interface LoopFacts {
  readonly target?: string;
  readonly urlBefore?: string;
  readonly urlAfter?: string;
}

export type ToolOutcome =
  | {
      readonly ok: true;
      /** What the model receives (serialized and capped by the run loop). */
      readonly result: JsonValue;
      /** A short human summary for the tool card and the stored chat (≤ 4,000 chars). */
      readonly summary: string;
      /** Editor writes: the public revert receipt. */
      readonly receipt?: EditReceipt;
      readonly loop?: LoopFacts;
      /**
       * What the call did to the run's page: took the tab to another address, or
       * changed what it shows. Absent: nothing the page shows changed.
       */
      readonly pageChange?: 'navigated' | 'changed';
      /** The run ends after this round (a durable pause: the work goes on later). */
      readonly endsRun?: boolean;
      /**
       * Arguments whose values went where the page withholds them (text typed into a
       * password field): the stored chat, and so exports and later runs, keep a marker
       * in their place in the call's arguments.
       */
      readonly withheldArguments?: readonly string[];
      /**
       * Hosts of frames the call could not read because the person has not allowed
       * their sites: the panel offers to allow each. Never shown to the model.
       */
      readonly offerSites?: readonly FrameSiteOffer[];
    }
  | {
      readonly ok: false;
      readonly code: ErrorCode;
      /** What the model receives: written for the model, so it can act on it. */
      readonly message: string;
      readonly details?: Readonly<Record<string, JsonValue>>;
      /**
       * Plain words for the person's tool card, when `message` speaks to the model;
       * absent: the card shows the code and the message.
       */
      readonly summary?: string;
      readonly loop?: LoopFacts;
    };

/** One document in a frame of the run's tab, as its relay reported it. */
export interface PageFrame {
  readonly frameId: number;
  readonly documentId: string;
}

/** A document in a frame of the run's tab, as the worker's frame directory knows it. */
export interface KnownFrame extends PageFrame {
  /** Short index of the document in its tab, never reused while the worker runs. */
  readonly index: number;
  /** The token its parent document's frame element is linked by, if it said. */
  readonly linkToken: string | null;
  readonly url: string;
}

/** The visible part of the run's tab, as the browser painted it. */
export interface VisibleTabCapture {
  /** A PNG data URL, in device pixels. */
  readonly dataUrl: string;
  /** The tab's address when it was captured. */
  readonly url: string;
}

/** How one page request of a run treats a document the tab moved on to. */
export interface PageRequestOptions {
  readonly reportDocumentChange?: boolean;
}

/** Page requests to the run's captured tab, carrying the run's signal. */
export interface RunPage {
  readonly tabId: number;
  /**
   * The documents the tab's frames show (top frame first), as their relays announced
   * them; `refresh` asks the browser again (after a worker restart, or when a frame
   * the caller expects is missing). Absent where no directory exists (tests, probes).
   */
  frames?(options?: { readonly refresh?: boolean }): Promise<readonly KnownFrame[]>;
  /**
   * Captures the tab's viewport once the run's page guard lets the run touch its tab
   * (the tab shows the run's document) and the tab is the visible one of its window.
   * Absent where the browser offers no capture (tests, probes).
   */
  captureVisible?(): Promise<Result<VisibleTabCapture>>;
  /**
   * The tool itself navigated the run's tab (a link it clicked, an address it went
   * to) and the tab finished loading: later requests go to the document it shows now,
   * if that is still the run's site. Absent where there is no guard (tests, probes).
   */
  followNavigation?(): void;
  /**
   * Makes `tabId` the run's tab: every later call's page is that tab (this call's stays
   * as it was). The core only checks that the tab exists and shows a page of the run's
   * site; the site's tool asks its own rules (tab set, site grant) first. Absent where
   * there is no guard (tests, probes).
   */
  switchTab?(tabId: number): Promise<Result<{ readonly url: string }>>;
  /**
   * To the run's document in the top frame, or, with `frame`, to that document of a
   * subframe. A subframe that shows another document since refuses with
   * PAGE_DOCUMENT_CHANGED (the run does not pause for it: the top page is unchanged).
   * `options.reportDocumentChange` returns PAGE_DOCUMENT_CHANGED for the top frame too
   * instead of pausing the run: for a tool that just pressed something and expects the
   * tab may have moved on to a new document.
   */
  request<K extends MethodName<PageChannel>>(
    method: K,
    payload: RequestOf<PageChannel, K>,
    frame?: PageFrame,
    options?: PageRequestOptions,
  ): Promise<Result<ResponseOf<PageChannel, K>>>;
}

/**
 * Mutable state a run's tools share, in provider order: the revert checkpoint of this
 * response (document sites) and the state the run's site created at start (for
 * example the file later reads and edits target, and the selection captured at Send).
 */
export interface RunToolState {
  checkpointId: string | null;
  /** The site's own run state; its tools read it through the site's accessor. */
  readonly site: unknown;
  /** What the proposed-document check did in this response (created on first use). */
  documentCheck?: DocumentCheckBook;
  /** The run's plan, scratchpad and progress ledger (absent where no run keeps one). */
  readonly memory?: WorkingMemoryBook;
}

/** The proposed-document check's bookkeeping over one response. */
export interface DocumentCheckBook {
  /** Edits sent back to the model for a problem they would add. */
  returned: number;
  /**
   * Edits sent back since the last one that passed, counted as one fix each when the
   * next one passes: errors after an unclosed delimiter follow from it, so counting
   * every reported error would overstate what the model got wrong.
   */
  pendingFixes: number;
  /** Whether the person was told the check cannot run. */
  toldUnavailable: boolean;
}

/** Everything a tool receives when it runs. */
export interface ToolRunContext {
  readonly runId: string;
  readonly callId: string;
  readonly signal: AbortSignal;
  readonly identity: RunIdentity;
  readonly editMode: EditMode;
  readonly page: RunPage;
  readonly interaction: RunInteraction;
  readonly state: RunToolState;
  /** The revert journal's seams for document writes; empty when the run has none. */
  readonly documentHooks: EditHooks;
  /** The run's site's check of a proposed document (absent: edits are not checked). */
  readonly checkDocument?: DocumentChecker;
  /**
   * What the person typed in this chat (their own turns, not imported ones), oldest
   * first: trusted words a tool's review may read (an address the person named).
   */
  readonly personText?: readonly string[];
  /** The chat's leave for network writes (/allow-api) at Send; absent: none. */
  readonly apiWrites?: ApiWrites;
  /** The run's model context window in tokens, for tools that size what they return. */
  readonly contextWindow?: number;
  /**
   * Whether the run's model sees images; a tool result's `images` then reach it as
   * image parts (absent: it does not).
   */
  readonly supportsVision?: boolean;
  /**
   * Settings → Agent's strict secret mode: sites that read page text replace
   * credential-like strings in what they return by a marker (absent: off).
   */
  readonly strictSecretMode?: boolean;
  /** The JSON format the person's message asked the answer to return (/json); absent: none. */
  readonly result?: RunResultBook;
  /** The run's model and the chat's mode at Send (work scheduled for later reuses them). */
  readonly runStart?: { readonly modelId: string; readonly agentMode: AgentMode | null };
}

/**
 * A page-acting tool's own look at one call, right before it would run: whether the
 * person must be asked first, and if so what exactly will happen, in plain words.
 * `grantKey` names what "Allow for this run" allows (null: it cannot be allowed for
 * the run, every such call asks).
 */
export type CallReview =
  | { readonly ask: false }
  | {
      readonly ask: true;
      /** What will happen, for the approval card: "Click 'Place order' on shop.example — $129.00". */
      readonly effect: string;
      /** Why it asks, in plain words: "It places an order." */
      readonly reason: string;
      /** The full address the action goes to, when it goes somewhere; else ''. */
      readonly destination: string;
      readonly grantKey: string | null;
      /** Exact text the action carries, shown as is on the card (a script's code); absent: none. */
      readonly detail?: string;
      /**
       * The detail is the person's own data (their profile's values): it is shown on the
       * card and nowhere else, so traces and bug reports never keep it.
       */
      readonly detailIsPrivate?: true;
    }
  | {
      /** The call cannot run as asked (its target is gone, the page refused): no card. */
      readonly ask: 'refused';
      readonly outcome: Extract<ToolOutcome, { ok: false }>;
    };

/** A tool as the registry holds it. */
export interface ToolDefinition<Args = unknown> {
  /** Exact model-facing name: snake_case, unique case-insensitively in the registry. */
  readonly name: string;
  readonly description: string;
  /** The JSON Schema the model sees; must pass the schema subset gate. */
  readonly inputSchema: Readonly<Record<string, unknown>>;
  /** Built-ins validate with zod; custom and MCP tools with the subset validator. */
  readonly parseArguments: (
    value: unknown,
  ) => { ok: true; args: Args } | { ok: false; code: ErrorCode; message: string; path?: string };
  readonly effect: ToolEffect;
  readonly approval: ToolApproval;
  /** Sites whose runs offer this tool; absent means every site. The site registry sets it for site tools. */
  readonly sites?: readonly SiteId[];
  /**
   * The agent modes whose runs offer this tool, for sites with a mode control; absent
   * means every mode. A call outside its run's mode is refused at dispatch.
   */
  readonly modes?: readonly AgentMode[];
  /** The prompt tiers whose runs offer this tool; absent means every tier. */
  readonly tiers?: readonly PromptTier[];
  /** `long-task`: shown to the model only once the run is long (long-task.ts); absent: always. */
  readonly offer?: 'long-task';
  /**
   * How the tool ends a run, when it does: `summary` is not offered when the person's
   * message asked for a JSON result, `data` only then, and in every agent mode (handing
   * back data reads nothing and changes nothing). Absent: offered either way.
   */
  readonly finishes?: 'summary' | 'data';
  /** Offered only when this says yes to the person's own messages in the chat; absent: always. */
  readonly offerWhen?: (personText: readonly string[]) => boolean;
  /**
   * Shown to the model in a round only while this says yes for the run, asked before
   * every model call (a tool that only helps once the run's own state allows it, such
   * as several tabs); absent: every round. The tool still checks each call itself.
   */
  readonly offerWhileRun?: (runId: string) => boolean;
  /** External tools: the integration and destination shown in the approval. */
  readonly destination?: {
    readonly integration: string;
    readonly url: string;
    readonly routeId: string;
  };
  /**
   * Page-acting and network-reading built-in tools: decides per call whether the
   * person is asked first (see approval-policy). Absent: every call of a page-acting
   * tool asks unless allowed for the run. Never set from model output or integrations.
   */
  review?(args: Args, context: ToolRunContext): Promise<CallReview>;
  execute(args: Args, context: ToolRunContext): Promise<ToolOutcome>;
  /**
   * What the call does or did, in a few plain words for its activity row ("Read
   * main.typ, lines 1–20", "Clicked 'Add to cart'"): from the validated arguments
   * and, once it finished, its outcome (absent while it runs). Short text, never
   * markup; the panel shows it as text. Absent: the panel shows the tool's name in
   * words.
   */
  activity?(args: Args, outcome?: ToolOutcome): string;
}

/** The longest activity line a describer may give (longer ones are cut with "…"). */
export const MAX_ACTIVITY_TEXT = 200;

/**
 * The activity line of one call, or undefined when the tool has no describer or its
 * describer fails: a describer is a convenience for the person and must never break
 * the call. Whitespace is folded to single spaces so a line stays one line.
 */
export function describeActivity<Args>(
  tool: Pick<ToolDefinition<Args>, 'activity'>,
  args: Args,
  outcome?: ToolOutcome,
): string | undefined {
  if (!tool.activity) return undefined;
  let text: string;
  try {
    text = tool.activity(args, outcome);
  } catch {
    return undefined;
  }
  const line = oneLine(text, MAX_ACTIVITY_TEXT);
  return line === '' ? undefined : line;
}

/** `text` on one line, cut to `max` code units with "…" (never inside a surrogate pair). */
function oneLine(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= max) return line;
  let end = max - 1;
  const code = line.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return `${line.slice(0, end)}\u2026`;
}

/** Text of a page or tool value for an activity line: quoted, one line, at most `max` characters. */
export function quoted(text: string, max = 60): string {
  return `'${oneLine(text, max)}'`;
}

/** A top-level field of a successful outcome's object result; undefined otherwise. */
export function resultField(outcome: ToolOutcome | undefined, key: string): JsonValue | undefined {
  if (outcome?.ok !== true) return undefined;
  const result = outcome.result;
  if (result === null || typeof result !== 'object' || Array.isArray(result)) return undefined;
  return result[key];
}

/** "1 match", "3 matches": a count with its noun. */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

/**
 * The JSON Schema the model sees for a built-in tool, generated from its zod schema
 * so the two cannot drift. zod's `$schema` marker is dropped: the subset gate
 * (schema-subset/) accepts annotation keywords only.
 */
export function modelSchema(schema: z.ZodType): Readonly<Record<string, unknown>> {
  const generated = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'throw' }) as Record<
    string,
    unknown
  >;
  const { $schema: _ignored, ...rest } = generated;
  return Object.freeze(rest);
}

/**
 * Declares a built-in tool whose arguments are a zod object schema; the model-facing
 * `inputSchema` is derived from it.
 */
export function defineTool<S extends z.ZodType>(
  definition: Omit<ToolDefinition<z.output<S>>, 'parseArguments' | 'inputSchema'> & {
    readonly arguments: S;
  },
): ToolDefinition<z.output<S>> {
  const { arguments: schema, ...rest } = definition;
  return {
    ...rest,
    inputSchema: modelSchema(schema),
    parseArguments(value) {
      const parsed = schema.safeParse(value);
      if (parsed.success) return { ok: true, args: parsed.data };
      const issue = parsed.error.issues[0];
      const path = issue
        ? '$' +
          issue.path
            .map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`))
            .join('')
        : '$';
      return {
        ok: false,
        code: 'ARGUMENTS_INVALID',
        message: issue ? `${path}: ${issue.message}` : 'Invalid arguments.',
        path,
      };
    },
  };
}
