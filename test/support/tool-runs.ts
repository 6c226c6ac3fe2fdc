// Runs tool calls through a real agent run: each call is one turn of a scripted model,
// so every call goes through the real run loop, argument validation, the approval
// policy, the run's page guard and the revert journal's hooks, exactly as a model's
// call would. The model's view of each result (the tool message it received) is read
// back from the scripted server's recorded requests.
import type { ModelServer } from './model-server/model-server.mjs';
import type { PanelEvent, RunDriver, StartOptions } from './run-driver';

/** One call the scripted model makes, and what the test does around it. */
export interface ToolStep {
  readonly name: string;
  readonly arguments: Record<string, unknown>;
  /** Runs once the model was asked for this call and before the call arrives. */
  readonly before?: () => Promise<void>;
  /** Answers the interaction this call opens (a review, a page wait). */
  readonly onPending?: (pending: Record<string, unknown>) => Promise<string | null>;
}

/** A tool message as the model received it, parsed. */
export type ToolResult = { ok?: boolean; code?: string; [key: string]: unknown };

const BEFORE_DELAY_MS = 1_500;
let runs = 0;

export interface ToolRunOutcome {
  readonly end: PanelEvent;
  /** The results in call order. */
  readonly results: ToolResult[];
  readonly runId: string;
}

/**
 * The run's own model requests since `start`: the chat's naming call (one of ours,
 * with no tools) is not a round of the run.
 */
export function runRequests(models: ModelServer, start: number) {
  return models.requests
    .slice(start)
    .filter((seen) => ((seen.body as { tools?: unknown[] }).tools ?? []).length > 0);
}

/** Runs `steps` as one agent run; resolves when the run ended. */
export async function runTools(
  context: { driver: RunDriver; models: ModelServer; modelId: string },
  steps: readonly ToolStep[],
  options: StartOptions & { readonly prompt?: string } = {},
): Promise<ToolRunOutcome> {
  const { driver, models, modelId } = context;
  const { prompt, ...start } = options;
  const tag = `tools-${(runs += 1)}`;
  const ids = steps.map((_step, index) => `${tag}-call-${index}`);
  await models.setScenario({
    name: tag,
    models: ['scripted-model'],
    turns: [
      ...steps.map((step, index) => ({
        ...(step.before ? { firstByteDelayMs: BEFORE_DELAY_MS } : {}),
        steps: [
          { toolCall: { id: ids[index] ?? tag, name: step.name, arguments: step.arguments } },
        ],
      })),
      { steps: [{ text: 'done' }] },
    ],
  });
  const sessionStart = models.requests.length;
  const { runId } = await driver.start(modelId, prompt ?? `run ${tag}`, start);
  const handled = new Set<string>();
  const beforeDone = new Set<number>();
  for (;;) {
    const events = await driver.eventsOf(runId);
    const end = events.find((event) => event.type === 'run/end');
    if (end) {
      const last = runRequests(models, sessionStart).at(-1)?.body as
        { messages?: { role: string; tool_call_id?: string; content?: unknown }[] } | undefined;
      const results = ids.map((id) => {
        const message = last?.messages?.find((entry) => entry.tool_call_id === id);
        if (!message) return { ok: false, code: 'NOT_RUN' };
        const content = typeof message.content === 'string' ? message.content : '';
        try {
          return JSON.parse(content) as ToolResult;
        } catch {
          return { ok: false, code: 'NOT_JSON', text: content };
        }
      });
      return { end, results, runId };
    }
    const requested = runRequests(models, sessionStart).length;
    for (const [index, step] of steps.entries()) {
      if (step.before && !beforeDone.has(index) && requested > index) {
        beforeDone.add(index);
        await step.before();
      }
    }
    const pendingEvent = [...events].reverse().find((event) => event.type === 'run/pending');
    const pending = pendingEvent?.payload['pending'] as Record<string, unknown> | null | undefined;
    const key = pending
      ? `${String(pending['callId'])}:${String(pending['kind'])}:${events.indexOf(pendingEvent!)}`
      : null;
    if (pending && key && !handled.has(key)) {
      handled.add(key);
      const step = steps[ids.indexOf(String(pending['callId']))];
      const decision = step?.onPending ? await step.onPending(pending) : null;
      if (decision) await driver.resolve(runId, String(pending['callId']), decision);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
