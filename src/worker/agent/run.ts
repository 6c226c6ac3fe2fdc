// ## Owns
// One run, start to terminal (RUN-06..12): validate, build the context, loop model
// rounds and tool rounds, save the turn as it goes to the CAPTURED session, and end
// with exactly one terminal event. Every wait takes the run signal; Stop aborts it
// and the loop unwinds at its next await.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { ProtocolError } from '../../shared/protocol/envelope';
import type { RunStartRequest } from '../../shared/protocol/run-messages';
import { MAX_TOOL_ROUNDS } from '../providers/provider-limits';
import type { FetchLike, ModelMessage } from '../providers/model-adapter';
import { raceAbort } from '../../shared/lib/abort';
import { buildContext } from './context-builder';
import { fitRunMessages, tokensOfText } from './context-budget';
import { checkModelEndpoint, prepareRun, type PreparedRun } from './run-prepare';
import { createSaveQueue } from './cancellation';
import { dispatchToolCalls } from './tool-dispatch';
import { addToolSetNote, withRunIntegrations } from './run-integrations';
import { OPEN_STATUSES } from './tool-results';
import { streamTurn, type ToolCallPart } from './turn';
import type { RunContext } from './run-context';
import { TERMINAL_SAVE_GRACE_MS } from './run-limits';

function checkCallIds(calls: readonly ToolCallPart[], seen: Set<string>): void {
  for (const call of calls) {
    if (seen.has(call.id)) {
      throw new ProtocolFailure(
        'PROVIDER_DUPLICATE_TOOL_CALL_ID',
        'The model reused a tool-call id.',
        { callId: call.id.slice(0, 128) },
      );
    }
    seen.add(call.id);
  }
}

function errorOf(error: unknown): ProtocolError {
  if (error instanceof ProtocolFailure)
    return {
      code: error.code,
      message: error.message,
      ...(error.details ? { details: error.details } : {}),
    };
  return {
    code: 'HANDLER_FAILED',
    message: error instanceof Error ? error.message : String(error),
  };
}

async function loop(
  run: RunContext,
  request: RunStartRequest,
  prepared: PreparedRun,
  save: ReturnType<typeof createSaveQueue>,
): Promise<void> {
  const { deps, signal, events, recorder } = run;
  // Custom HTTP and MCP tools join the run's registry (issue 7); a broken one is a notice.
  const { registry, trusted, modelNote } = await withRunIntegrations(
    deps.registry.forSite(run.identity.scope.siteId),
    deps.trusted,
    deps.integrations,
    events,
    signal,
  );
  const tools = registry.modelTools();
  const toolTokens = tokensOfText(JSON.stringify(tools));
  const built = buildContext({
    siteId: run.identity.scope.siteId,
    customSystemPrompt: prepared.general.customSystemPrompt,
    turns: prepared.history,
    attachments: request.attachments,
    runFile: request.file,
    supportsVision: prepared.model.supportsVision,
    contextWindow: prepared.model.contextWindow,
    historyTurnLimit: prepared.general.historyTurnLimit,
    toolTokens,
  });
  if (built.compactedExchanges > 0) {
    events.notice(
      'info',
      `Earlier messages were summarized to fit the model's context window (${built.compactedExchanges} exchanges).`,
      'CONTEXT_COMPACTED',
    );
  }
  const messages: ModelMessage[] = built.messages;
  addToolSetNote(messages, modelNote);
  const firstRunMessage = messages.length;
  const seenIds = new Set<string>();
  const runGrants = new Set<string>();
  // Checked again right before every fetch, not only at start (EP rows).
  const guardedFetch: FetchLike = (url, init) => {
    checkModelEndpoint(prepared.model, url);
    return raceAbort(deps.fetch(url, init), signal);
  };
  let trimmedNoticed = false;
  for (let round = 1; ; round += 1) {
    if (
      fitRunMessages(messages, firstRunMessage, built.budgetTokens - toolTokens) > 0 &&
      !trimmedNoticed
    ) {
      trimmedNoticed = true;
      events.notice(
        'info',
        'Older tool results of this response were dropped to fit the context window.',
        'CONTEXT_COMPACTED',
      );
    }
    const result = await streamTurn({
      adapter: deps.adapterFor(prepared.model.settings.kind),
      request: { settings: prepared.model.settings, messages, tools },
      signal,
      fetch: guardedFetch,
      onDelta: (channel, text) => {
        recorder.appendText(channel, text);
        events.delta(channel, text);
      },
    });
    if (result.error)
      throw new ProtocolFailure(
        result.error.code,
        result.error.message,
        result.error.details as Record<string, unknown> | undefined,
      );
    if (result.finish === 'length' || result.finish === 'content_filter') {
      recorder.mark(`finish:${result.finish}`);
      const why =
        result.finish === 'length'
          ? 'The model stopped at its output limit; the answer may be cut off.'
          : "The provider's content filter stopped the answer.";
      events.notice(
        'warning',
        why,
        result.finish === 'length' ? 'FINISH_LENGTH' : 'FINISH_CONTENT_FILTER',
      );
    }
    if (result.toolCalls.length === 0) return;
    checkCallIds(result.toolCalls, seenIds);
    if (round >= MAX_TOOL_ROUNDS)
      throw new ProtocolFailure(
        'TOOL_ROUND_LIMIT',
        `The run reached the limit of ${MAX_TOOL_ROUNDS} model rounds.`,
      );
    messages.push({
      role: 'assistant',
      text: result.text,
      toolCalls: result.toolCalls.map((call) => ({
        id: call.id,
        name: call.name,
        argumentsText: call.argumentsText,
      })),
      // Only signed (Anthropic) thinking is replayed, as its API requires in a tool loop.
      ...(result.reasoning.signature !== undefined ? { reasoning: result.reasoning } : {}),
    });
    messages.push(
      ...(await dispatchToolCalls(result.toolCalls, {
        registry,
        editMode: request.editMode,
        runGrants,
        trusted,
        supportsVision: prepared.model.supportsVision,
        signal,
        interactions: run.interactions,
        interactionTimeoutMs: deps.interactionTimeoutMs,
        events,
        recorder,
        toolContext: run.toolContext,
        waitForPage: run.waitForPage,
      })),
    );
    void save.progress(recorder.snapshot()).catch(() => undefined);
  }
}

/** Runs `run` to its terminal event. Never throws. */
export async function executeRun(run: RunContext, request: RunStartRequest): Promise<void> {
  const { deps, signal, events, recorder, identity } = run;
  const save = createSaveQueue(deps.chats, identity.sessionId, signal);
  let sessionReady = false;
  let status: 'done' | 'error' | 'cancelled' = 'done';
  let failure: ProtocolError | undefined;
  events.start({ identity, assistantTurnId: run.assistantTurnId });
  try {
    const prepared = await prepareRun(deps, identity, request, signal);
    await raceAbort(
      deps.journal.add({
        runId: run.runId,
        sessionId: identity.sessionId,
        assistantTurnId: run.assistantTurnId,
      }),
      signal,
    );
    sessionReady = true;
    // SNAP-02: the chat's automatic snapshot goes when the document diverged since.
    await raceAbort(
      deps.recovery?.atStart(identity).catch(() => undefined) ?? Promise.resolve(),
      signal,
    );
    void save.progress(recorder.snapshot()).catch(() => undefined);
    deps.autoName?.({
      identity,
      history: prepared.history,
      general: prepared.general,
      notice: events.notice,
    });
    await loop(run, request, prepared, save);
  } catch (error) {
    if (signal.aborted) status = 'cancelled';
    else {
      status = 'error';
      failure = errorOf(error);
    }
  }
  await finishRun(run, save, sessionReady, status, failure);
}

async function finishRun(
  run: RunContext,
  save: ReturnType<typeof createSaveQueue>,
  sessionReady: boolean,
  status: 'done' | 'error' | 'cancelled',
  failure: ProtocolError | undefined,
) {
  const { recorder, events, identity } = run;
  events.flush();
  for (const segment of recorder.snapshot().segments) {
    if (segment.kind !== 'tools') continue;
    for (const call of segment.calls)
      if (OPEN_STATUSES.has(call.status))
        recorder.updateToolCall(call.callId, { status: 'cancelled' });
  }
  recorder.finish(status === 'done' ? 'complete' : status, failure);
  if (sessionReady) {
    // A hung store must not hold the terminal event back forever.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const grace = new Promise<'late'>(
      (resolve) => (timer = setTimeout(() => resolve('late'), TERMINAL_SAVE_GRACE_MS)),
    );
    const saved = await Promise.race([
      save.terminal(recorder.snapshot()).then(
        () => 'saved' as const,
        () => 'failed' as const,
      ),
      grace,
    ]);
    clearTimeout(timer);
    if (saved !== 'saved')
      events.notice('error', 'The response could not be saved to the chat.', 'HANDLER_FAILED');
    await run.deps.journal.remove(run.runId).catch(() => undefined);
  }
  // SNAP-01: only a successful complete response snapshots the focused file.
  if (status === 'done' && sessionReady) {
    await run.deps.recovery
      ?.afterComplete(identity, run.runId)
      .catch(() =>
        events.notice(
          'warning',
          'The automatic snapshot of the document could not be saved.',
          'HANDLER_FAILED',
        ),
      );
  }
  events.end({
    status,
    ...(failure ? { error: failure } : {}),
    sessionId: identity.sessionId,
    assistantTurnId: run.assistantTurnId,
  });
}
