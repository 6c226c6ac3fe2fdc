// ## Owns
// The rounds of one run: the run's tool set (the site's tools plus integrations,
// offered by the chat's mode and the model's tier), the
// provider conversation built from the chat, the plan (Act and Dev, when the person
// wants one), then model rounds and tool rounds until
// the model answers without calling a tool. Progress is saved after every round.
import { raceAbort } from '../../shared/lib/abort';
import type { AssistantTurn } from '../../shared/protocol/chat-records';
import type { RunStartRequest } from '../../shared/protocol/run-messages';
import type { FetchLike, ModelMessage } from '../providers/model-adapter';
import { sitePromptOf } from '../sites/worker-site';
import { workerSiteOf } from '../sites/worker-sites';
import { createRunTools, shownThisRound } from '../tools/run-tool-policy';
import { buildContext } from './context-builder';
import { fitRunMessages, tokensOfText } from './context-budget';
import { emergencyTrim, emergencyTrimNotice } from './emergency-trim';
import { checkModelEndpoint, type PreparedRun } from './run-prepare';
import { dispatchToolCalls } from './tool-dispatch';
import { createRunLoopGuard } from './loops/run-loop-guard';
import { addToolSetNote, withRunIntegrations } from './run-integrations';
import { createRunSiteGuide, enabledGuides } from './run-site-guide';
import { addMemoryNote, memoryNoteOf } from './run-memory';
import { dropOlderRunImages } from './run-images';
import { autoScreenshotsOf } from './run-auto-screenshot';
import { planRunIfAsked } from './plan/plan-run';
import { createRunWorkingMemory } from './working-memory/run-working-memory';
import { callModel, checkAnswer, takeToolCalls } from './run-model-call';
import type { RunContext } from './run-context';
import { runLimitsOf } from './budget/run-limits-of';
import { traceToolCalls, traceToolOutcome } from './trace-tools';
import { continueResumed } from './resume/resumed-run';
import { durableSteps } from './resume/durable-steps';
import { createResultRun } from './result/result-run';
import { addPageNote, pageNoteOf } from './run-page-note';

/** How the loop saves the turn as it goes; the run reports failures. */
export interface RunSaves {
  progress(turn: AssistantTurn): void;
  /** A progress save to wait for; resolves when written or failed, never rejects. */
  settle(turn: AssistantTurn): Promise<void>;
  terminal(turn: AssistantTurn): Promise<void>;
}

/**
 * Runs model and tool rounds until a text-only answer, or the person's step cap or
 * token limit (which pause the run for Continue), or Stop.
 */
export async function runLoop(
  run: RunContext,
  request: RunStartRequest,
  prepared: PreparedRun,
  save: RunSaves,
): Promise<void> {
  const limits = runLimitsOf(run, run.deps.spend, prepared.general, prepared.model.prices);
  try {
    await loopRounds(run, request, prepared, save, limits);
  } finally {
    limits.reportUsage();
  }
}

async function loopRounds(
  run: RunContext,
  request: RunStartRequest,
  prepared: PreparedRun,
  save: RunSaves,
  limits: ReturnType<typeof runLimitsOf>,
): Promise<void> {
  const { deps, signal, events, recorder } = run;
  const site = workerSiteOf(run.identity.scope.siteId);
  // Custom HTTP and MCP tools join the run's registry; a broken one is a notice.
  const { registry, trusted, modelNote, skillText } = await withRunIntegrations(
    deps.registry.forSite(run.identity.scope.siteId),
    deps.trusted,
    deps.integrations,
    events,
    signal,
  );
  // The person's own words in this chat (imported turns came from a file, not them).
  const personText = prepared.history.flatMap((turn) =>
    turn.role === 'user' && turn.imported !== true ? [turn.text] : [],
  );
  // A message that asked for JSON (/json) finishes with data in the person's format.
  const owed = createResultRun({
    history: prepared.history,
    userTurnId: request.userTurnId,
    recorder,
    events,
  });
  const runTools = createRunTools(registry, {
    siteId: run.identity.scope.siteId,
    mode: prepared.mode,
    tier: prepared.tier,
    personText,
    wantsData: owed.book !== null,
  });
  // Budgeted with every tool, so a round that adds the long-task ones still fits.
  const tools = runTools.offered.modelTools();
  const toolTokens = tokensOfText(JSON.stringify(tools));
  const built = buildContext({
    sitePrompt: sitePromptOf(site, { mode: prepared.mode, tier: prepared.tier }),
    mode: prepared.mode,
    selectionLanguage: site.selectionLanguage,
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
  const guide = createRunSiteGuide(enabledGuides(site.guides, prepared.general));
  guide.atStart(messages, prepared.tabUrl);
  if (site.tellsPageAtStart && !run.resumed) addPageNote(messages, await pageNoteOf(run));
  // Skills first, so the memory block (also put first) opens the message.
  addMemoryNote(messages, skillText);
  addMemoryNote(messages, await memoryNoteOf(run, prepared.origin));
  addToolSetNote(messages, modelNote);
  owed.tell(messages);
  // Checked again right before every fetch, not only at start.
  const guardedFetch: FetchLike = (url, init) => {
    checkModelEndpoint(prepared.model, url);
    return raceAbort(deps.fetch(url, init), signal);
  };
  // Act and Dev runs may plan first; without an approved plan the run ends here. A
  // resumed run planned before (its plan came back with its working memory).
  if (!run.resumed) await planRunIfAsked(run, prepared, messages, guardedFetch, limits);
  save.progress(recorder.snapshot());
  run.trace.enter('main-loop');
  let firstRunMessage = messages.length;
  const firstRound = continueResumed(run, messages, firstRunMessage);
  const memory = createRunWorkingMemory(run, runTools);
  memory.sync(messages, firstRunMessage);
  save.progress(recorder.snapshot());
  const seenIds = new Set<string>();
  const runGrants = new Set<string>();
  let endsRun = false;
  let trimmedNoticed = false;
  let emergencyTrimmed = false;
  const loops = createRunLoopGuard();
  const screenshots = autoScreenshotsOf(run, site, prepared, limits);
  const durable = durableSteps(events, recorder, save);
  for (let round = firstRound; ; round += 1) {
    dropOlderRunImages(messages, firstRunMessage);
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
    const result = await callModel(run, {
      prepared,
      messages,
      offered: shownThisRound(memory.tools(round), runTools, run.runId),
      toolsText: JSON.stringify(tools),
      fetch: guardedFetch,
      limits,
    });
    if (result.error?.code === 'PROVIDER_CONTEXT_TOO_LONG' && !emergencyTrimmed) {
      // Once per run: the same round again with only the task and the latest steps.
      emergencyTrimmed = true;
      const trim = emergencyTrim(messages, firstRunMessage);
      if (trim !== null) {
        messages.splice(0, messages.length, ...trim.messages);
        firstRunMessage = trim.firstRunMessage;
        recorder.mark('emergency-trim');
        events.notice('warning', emergencyTrimNotice(trim), 'CONTEXT_EMERGENCY_TRIM');
        round -= 1;
        continue;
      }
    }
    checkAnswer(run, result);
    const toolCalls = takeToolCalls(run, result, { messages, tools, round, seenIds });
    if (toolCalls.length === 0) {
      owed.atEnd();
      return memory.atEnd();
    }
    let callStarted = traceToolCalls(run.trace, toolCalls);
    messages.push(
      ...(await dispatchToolCalls(toolCalls, {
        tools: runTools,
        editMode: request.editMode,
        runGrants,
        trusted,
        supportsVision: prepared.model.supportsVision,
        signal,
        interactions: run.interactions,
        interactionTimeoutMs: deps.interactionTimeoutMs,
        clarify: {
          timeout: prepared.general.clarifyTimeout,
          waitSeconds: prepared.general.clarifyWaitSeconds,
        },
        events: durable.events,
        beforeExecute: durable.beforeExecute,
        recorder,
        toolContext: (call, interaction) => ({
          ...run.toolContext(call, interaction),
          supportsVision: prepared.model.supportsVision,
          strictSecretMode: prepared.general.strictSecretMode,
          personText,
          ...(prepared.meta.apiWrites ? { apiWrites: prepared.meta.apiWrites } : {}),
          runStart: { modelId: request.modelId, agentMode: prepared.mode },
          ...(owed.book ? { result: owed.book } : {}),
        }),
        waitForPage: run.waitForPage,
        pauseForPage: run.pauseForPage,
        fatal: run.fatal,
        ...(site.orderToolCalls ? { orderToolCalls: site.orderToolCalls } : {}),
        onOutcome: (call, args, outcome) => {
          if (outcome.ok && outcome.endsRun === true) endsRun = true;
          loops.onOutcome(call, args, outcome);
          callStarted = traceToolOutcome(run.trace, call, outcome, callStarted);
          screenshots.onOutcome(outcome);
        },
      })),
    );
    // A vision model sees the page the round left, as the person's setting asks.
    await screenshots.afterRound(messages);
    memory.sync(messages, firstRunMessage);
    save.progress(recorder.snapshot());
    run.checkpoint.step(round);
    // A tool that ends the run (schedule_resume) ends it after its round.
    if (endsRun) return;
    owed.afterRound();
    loops.afterRound(messages);
    try {
      limits.afterRound(round);
    } catch (error) {
      // The step cap pauses the run: the person hears which ledger rows are still open.
      memory.atEnd();
      throw error;
    }
    if (guide.isActive) {
      // A tab we cannot read now changes no guide; the page guard handles the tab.
      const tab = await raceAbort(
        deps.tabs.siteOf(run.currentTabId()).catch(() => null),
        signal,
      );
      guide.afterRound(messages, tab?.url);
    }
  }
}
