// ## Owns
// Running one round's tool calls: announce them, refuse calls the run does not offer
// (run-tool-policy.ts), parse arguments fail-closed right before dispatch, plan the order, ask for
// approval where the policy says so, execute with the run signal, and turn every
// outcome — failures included — into a structured tool message for the model, in
// provider order.
// ## Never
// Lets a failing tool end the run: only Stop (CANCELLED) propagates.
import { raceAbort, throwIfAborted } from '../../shared/lib/abort';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { ErrorCode } from '../../shared/protocol/error-codes';
import { MAX_ARGUMENTS_PREVIEW_CHARS } from '../../shared/protocol/chat-records';
import type { EditMode } from '../../shared/protocol/run-messages';
import type { ModelMessage } from '../providers/model-adapter';
import { needsApproval, grantKeyOf, type TrustCheck } from '../tools/approval-policy';
import {
  describeActivity,
  type JsonValue,
  type ToolDefinition,
  type ToolOutcome,
  type ToolRunContext,
} from '../tools/define-tool';
import { type RunInteraction } from '../tools/run-interaction';
import type { RunTools } from '../tools/run-tool-policy';
import type { PlannedCall } from '../sites/worker-site';
import { parseToolArguments, type ArgumentsCheck } from '../tools/validate-arguments';
import type { ToolImage } from '../integrations/mcp/mcp-result';
import { approveAction } from './action-approval';
import { awaitDecision, type InteractionBook } from './approvals';
import { integrationInteraction } from './integration-interaction';
import { clarifyInteraction, type ClarifyPolicy } from './clarify-interaction';
import { splitOutcomeImages, toolImagesMessage } from './run-integrations';
import type { RunEventSink } from './run-events';
import { serializeOutcome, statusOf, storedArgumentsPreview, summaryOf } from './tool-results';
import type { ToolCallPart } from './turn';
import type { TurnRecorder } from './turn-recorder';
import { clip } from './turn-recorder';

export interface DispatchContext {
  /** The run's tools: which calls may run in this run (site, mode, tier). */
  readonly tools: RunTools;
  readonly editMode: EditMode;
  readonly runGrants: Set<string>;
  readonly trusted: TrustCheck;
  readonly signal: AbortSignal;
  readonly interactions: InteractionBook;
  readonly interactionTimeoutMs: number;
  /** What an unanswered clarify question does (Settings → Agent); absent: it waits. */
  readonly clarify?: ClarifyPolicy;
  readonly events: RunEventSink;
  readonly recorder: TurnRecorder;
  /** The per-call context a tool runs with, minus what dispatch decides. */
  readonly toolContext: (
    call: { readonly id: string; readonly name: string },
    interaction: RunInteraction,
  ) => ToolRunContext;
  /** The page-wait implementation (approvals.waitForPage bound to this run). */
  readonly waitForPage: RunInteraction['waitForPage'];
  /** The scope pause (Retry / Stop) bound to this run. */
  readonly pauseForPage?: RunInteraction['pauseForPage'];
  /** A failure that ends the run (its page is gone); checked after every call. */
  readonly fatal?: () => ProtocolFailure | null;
  /** Whether the run's model sees images: MCP images then follow as image parts. */
  readonly supportsVision?: boolean;
  /** The run site's ordering of one round's calls; provider order when absent. */
  readonly orderToolCalls?: (calls: readonly PlannedCall[]) => number[];
  /** Told of every finished call, in run order (the run's loop detection listens). */
  readonly onOutcome?: (call: ToolCallPart, args: unknown, outcome: ToolOutcome) => void;
  /** Awaited right before a tool runs: the turn is saved with the call as started. */
  readonly beforeExecute?: () => Promise<void>;
}

/** The run order of `calls`: the site's policy when it returns a permutation, else provider order. */
export function runOrder(
  calls: readonly PlannedCall[],
  policy: DispatchContext['orderToolCalls'],
): number[] {
  const provider = calls.map((_call, index) => index);
  if (!policy) return provider;
  const order = policy(calls);
  // A policy may reorder, never drop or repeat a call: anything else is ignored.
  const isPermutation =
    order.length === calls.length &&
    new Set(order).size === calls.length &&
    order.every((index) => Number.isInteger(index) && index >= 0 && index < calls.length);
  return isPermutation ? order : provider;
}

const fail = (code: ErrorCode, message: string): ToolOutcome => ({ ok: false, code, message });

function announce(call: ToolCallPart, context: DispatchContext) {
  const card = {
    callId: call.id,
    name: call.name,
    argumentsPreview: clip(call.argumentsText, MAX_ARGUMENTS_PREVIEW_CHARS),
    argumentsChars: call.argumentsText.length,
  };
  context.recorder.addToolCall({ ...card, status: 'running', summary: '' });
  context.events.toolCall(card);
}

function setStatus(
  call: ToolCallPart,
  context: DispatchContext,
  status: 'running' | 'waiting' | 'awaiting-approval',
  summary = '',
  activity?: string,
) {
  const line = activity !== undefined ? { activity } : {};
  context.recorder.updateToolCall(call.id, { status, summary, ...line });
  context.events.toolStatus({ callId: call.id, name: call.name, status, summary, ...line });
}

/** Describes a finished call for its activity row, once its arguments were valid. */
type FinalActivity = (outcome: ToolOutcome) => string | undefined;

async function approveExternal(
  tool: ToolDefinition<unknown>,
  call: ToolCallPart,
  context: DispatchContext,
): Promise<ToolOutcome | null> {
  setStatus(call, context, 'awaiting-approval');
  const pending = {
    kind: 'external-approval' as const,
    callId: call.id,
    name: clip(call.name, 128),
    integration: clip(tool.destination?.integration ?? tool.name, 200),
    destination: clip(tool.destination?.url ?? '', 2_048),
    argumentsPreview: clip(call.argumentsText, MAX_ARGUMENTS_PREVIEW_CHARS),
  };
  const decision = await awaitDecision(
    context.interactions,
    pending,
    ['approve-once', 'allow-run', 'deny'],
    context.interactionTimeoutMs,
    context.signal,
  );
  if (decision === 'allow-run') context.runGrants.add(grantKeyOf(tool));
  if (decision === 'approve-once' || decision === 'allow-run') return null;
  const why =
    decision === 'timeout'
      ? 'No answer came before the approval timed out.'
      : 'The person denied this call.';
  return fail('TOOL_DENIED', why);
}

async function runOne(
  call: ToolCallPart,
  parsed: ArgumentsCheck,
  context: DispatchContext,
  describe: (final: FinalActivity) => void,
): Promise<ToolOutcome> {
  // Whatever the model sends: a name from another mode, tier or site, or from nowhere,
  // is refused here before its arguments are even read.
  const verdict = context.tools.check(call.name);
  if (!verdict.ok) {
    const { code, message, summary } = verdict;
    return { ok: false, code, message, ...(summary !== undefined ? { summary } : {}) };
  }
  const tool = verdict.tool;
  if (!parsed.ok)
    return {
      ok: false,
      code: parsed.code,
      message: parsed.message,
      details: parsed.details as Record<string, JsonValue>,
    };
  const args = tool.parseArguments(parsed.value);
  if (!args.ok)
    return {
      ok: false,
      code: args.code,
      message: args.message,
      ...(args.path !== undefined ? { details: { path: args.path } } : {}),
    };
  const running = describeActivity(tool, args.args);
  if (running !== undefined) setStatus(call, context, 'running', '', running);
  describe((outcome) => describeActivity(tool, args.args, outcome));
  let need = needsApproval(tool, context.editMode, context.runGrants, context.trusted);
  const interaction: RunInteraction = {
    waitForPage: async (pending, isReady) => {
      setStatus(call, context, 'waiting', pending.message);
      try {
        return await context.waitForPage({ ...pending, callId: call.id }, isReady);
      } finally {
        setStatus(call, context, 'running');
      }
    },
    // The policy decided above whether a person reviews this edit; Auto mode applies.
    reviewEdit: async (_callId, toolName, diff) => {
      if (need !== 'editor-review') return 'apply';
      setStatus(call, context, 'awaiting-approval');
      const pending = {
        kind: 'edit-review' as const,
        callId: call.id,
        name: clip(toolName, 128),
        diff,
      };
      const decision = await awaitDecision(
        context.interactions,
        pending,
        ['apply', 'reject'],
        context.interactionTimeoutMs,
        context.signal,
      );
      setStatus(call, context, 'running');
      return decision === 'apply' ? 'apply' : 'reject';
    },
    notice: (level, message) => context.events.notice(level, message),
    pauseForPage: async (pending) => {
      if (!context.pauseForPage) return 'timeout';
      setStatus(call, context, 'waiting', pending.message);
      try {
        return await context.pauseForPage({ ...pending, callId: call.id });
      } finally {
        setStatus(call, context, 'running');
      }
    },
    ...integrationInteraction(call, context, (status, summary) =>
      setStatus(call, context, status, summary),
    ),
    ...clarifyInteraction(call, context, (status) => setStatus(call, context, status)),
  };
  const toolContext = context.toolContext({ id: call.id, name: call.name }, interaction);
  try {
    // A page-acting tool looks at this very call (its target, where it goes) and says
    // whether the person must be asked, and in which words.
    const review =
      (tool.effect === 'page-action' || tool.effect === 'external') && tool.review
        ? await raceAbort(tool.review(args.args, toolContext), context.signal)
        : undefined;
    if (review?.ask === 'refused') return review.outcome;
    need = needsApproval(tool, context.editMode, context.runGrants, context.trusted, review);
    if (need === 'action-approval' && review?.ask === true) {
      setStatus(call, context, 'awaiting-approval');
      const refusal = await approveAction(call, review, context);
      if (refusal) return refusal;
      setStatus(call, context, 'running');
    } else if (need === 'external-approval' || need === 'action-approval') {
      // Page actions without a review of their own use the same approve-once /
      // allow-for-run / deny card as calls that leave the browser.
      const refusal = await approveExternal(tool, call, context);
      if (refusal) return refusal;
      setStatus(call, context, 'running');
    }
    await context.beforeExecute?.();
    return await raceAbort(tool.execute(args.args, toolContext), context.signal);
  } catch (error) {
    if (context.signal.aborted) throw error;
    if (error instanceof ProtocolFailure)
      return { ok: false, code: error.code, message: error.message };
    return fail('TOOL_FAILED', error instanceof Error ? error.message : String(error));
  }
}

/** Runs one round's calls; returns the tool messages in provider order. */
export async function dispatchToolCalls(
  calls: readonly ToolCallPart[],
  context: DispatchContext,
): Promise<ModelMessage[]> {
  context.events.flush();
  for (const call of calls) announce(call, context);
  const parsed = calls.map((call) => parseToolArguments(call.argumentsText));
  const order = runOrder(
    calls.map((call, index) => ({
      name: call.name,
      arguments: parsed[index]?.ok === true ? parsed[index].value : undefined,
    })),
    context.orderToolCalls,
  );
  const outcomes = new Array<ToolOutcome | undefined>(calls.length);
  for (const index of order) {
    const call = calls[index];
    const check = parsed[index];
    if (!call || !check) continue;
    throwIfAborted(context.signal);
    let final: FinalActivity | undefined;
    const outcome = await runOne(call, check, context, (describe) => (final = describe));
    outcomes[index] = outcome;
    context.onOutcome?.(call, check.ok ? check.value : undefined, outcome);
    // The run's page is gone for good: the run ends here with that reason.
    const fatal = context.fatal?.();
    if (fatal) {
      context.recorder.updateToolCall(call.id, {
        status: 'failed',
        summary: fatal.message,
        errorCode: fatal.code,
      });
      throw fatal;
    }
    const status = statusOf(outcome);
    const summary = summaryOf(outcome);
    const receipt = outcome.ok ? outcome.receipt : undefined;
    const errorCode = outcome.ok ? undefined : outcome.code;
    const activity = final?.(outcome);
    const patch = {
      status,
      summary,
      ...(errorCode ? { errorCode } : {}),
      ...(receipt ? { receipt } : {}),
      ...(activity !== undefined ? { activity } : {}),
    };
    const argumentsPreview = storedArgumentsPreview(call.argumentsText, outcome);
    context.recorder.updateToolCall(call.id, {
      ...patch,
      ...(argumentsPreview === null ? {} : { argumentsPreview }),
    });
    const frameSites =
      outcome.ok && outcome.offerSites?.length
        ? outcome.offerSites.map((offer) => ({ ...offer }))
        : null;
    context.events.toolStatus({
      callId: call.id,
      name: call.name,
      ...patch,
      ...(frameSites ? { frameSites } : {}),
    });
  }
  const images: { callId: string; toolName: string; images: ToolImage[] }[] = [];
  const messages = calls.map((call, index): ModelMessage => {
    // Images never travel as base64 text; a vision model gets them as image parts below.
    const split = splitOutcomeImages(
      outcomes[index] ?? fail('TOOL_FAILED', 'The call did not run.'),
      context.supportsVision === true,
    );
    images.push({ callId: call.id, toolName: call.name, images: split.images });
    const outcome = split.outcome;
    return {
      role: 'tool',
      callId: call.id,
      toolName: call.name,
      content: serializeOutcome(outcome),
      ...(outcome.ok ? {} : { isError: true }),
    };
  });
  const imageMessage = toolImagesMessage(images);
  return imageMessage ? [...messages, imageMessage] : messages;
}
