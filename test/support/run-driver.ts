// Drives runs from an extension page with raw protocol envelopes, as the panel
// does: save a model, create a chat, append the user turn, reserve and start a run,
// and read the run events the worker sends over a panel port.
import type { Page } from 'playwright-core';

export interface PanelEvent {
  readonly type: string;
  readonly runId?: string;
  readonly payload: Record<string, unknown>;
}

type Scope = { siteId: string; projectId: string | null };

/** What the panel captures at Send besides the text. */
export interface StartOptions {
  readonly editMode?: 'ask' | 'auto';
  /** The web face's mode for the run (Ask when absent, as a new chat starts). */
  readonly agentMode?: 'ask' | 'act' | 'dev';
  readonly selection?: { anchor: number; head: number } | null;
}

let counter = 0;
const nextId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${(counter += 1)}`;

/** Opens a panel port in `page` and records every event it receives. */
export async function collectPanelEvents(page: Page): Promise<void> {
  await page.evaluate(() => {
    const state = globalThis as unknown as {
      __runEvents: unknown[];
      __runPort: chrome.runtime.Port;
    };
    state.__runEvents = [];
    const connect = () => {
      state.__runPort = chrome.runtime.connect({ name: 'side-agent-panel' });
      state.__runPort.onMessage.addListener(
        (message: unknown) => void state.__runEvents.push(message),
      );
      // Reconnect after a worker restart, as the panel does.
      state.__runPort.onDisconnect.addListener(() => setTimeout(connect, 100));
    };
    connect();
  });
}

export function createRunDriver(
  page: Page,
  target: { tabId: number; scope: Scope; baseUrl: string },
) {
  const send = (message: Record<string, unknown>) =>
    page.evaluate((envelope) => chrome.runtime.sendMessage(envelope), {
      requestId: nextId('req'),
      ...message,
    }) as Promise<{ ok: boolean; data?: any; error?: { code: string; message: string } }>;
  const must = async (message: Record<string, unknown>) => {
    const result = await send(message);
    if (!result.ok)
      throw new Error(`${String(message['type'])}: ${result.error?.code} ${result.error?.message}`);
    return result.data;
  };
  const events = () =>
    page.evaluate(
      () => (globalThis as unknown as { __runEvents: PanelEvent[] }).__runEvents,
    ) as Promise<PanelEvent[]>;
  const eventsOf = async (runId: string) =>
    (await events()).filter((event) => event.runId === runId);
  return {
    send,
    async saveModel(modelId: string): Promise<string> {
      const view = await must({
        type: 'settings/save-model',
        payload: {
          model: {
            name: modelId,
            kind: 'openai-compatible',
            baseUrl: target.baseUrl,
            modelId,
            supportsVision: false,
            reasoningEffort: 'default',
            contextWindow: 128_000,
            insecureOriginAcknowledged: null,
            apiKey: '',
          },
        },
      });
      const saved = (view.models as { id: string; modelId: string }[])
        .filter((model) => model.modelId === modelId)
        .at(-1);
      if (!saved) throw new Error('model not saved');
      return saved.id;
    },
    async start(modelId: string, question: string, options: StartOptions | 'ask' | 'auto' = {}) {
      const {
        editMode = 'ask',
        selection = null,
        agentMode,
      } = typeof options === 'string' ? { editMode: options } : options;
      const session = await must({ type: 'session/create', payload: { scope: target.scope } });
      const sessionId = session.id as string;
      const runId = nextId('run');
      const identity = { tabId: target.tabId, scope: target.scope, sessionId };
      await must({ type: 'run/reserve', runId, payload: identity });
      const userTurnId = nextId('user');
      await must({
        type: 'session/append-user-turn',
        payload: {
          sessionId,
          turn: {
            id: userTurnId,
            role: 'user',
            createdAt: Date.now(),
            text: question,
            file: null,
            attachments: [],
          },
        },
      });
      const started = await must({
        type: 'run/start',
        runId,
        payload: {
          ...identity,
          userTurnId,
          modelId,
          editMode,
          ...(agentMode ? { agentMode } : {}),
          file: null,
          selection,
          attachments: [],
          attachmentRecords: [],
        },
      });
      return { runId, sessionId, started };
    },
    cancel: (runId: string) => send({ type: 'run/cancel', runId, payload: {} }),
    status: async (sessionId: string) =>
      must({ type: 'run/status', payload: { scope: target.scope, sessionId } }),
    resolve: (runId: string, callId: string, decision: string, content?: Record<string, unknown>) =>
      send({
        type: 'run/resolve',
        runId,
        payload: { callId, decision, ...(content ? { content } : {}) },
      }),
    session: async (sessionId: string) =>
      (await must({ type: 'session/get', payload: { sessionId } })) as {
        turns: Record<string, unknown>[];
      },
    eventsOf,
    eventTypes: async (runId: string) => (await eventsOf(runId)).map((event) => event.type),
    async streamedText(runId: string, channel: 'text' | 'reasoning') {
      return (await eventsOf(runId))
        .filter((event) => event.type === 'run/stream')
        .flatMap((event) =>
          (event.payload['parts'] as { channel: string; text: string }[])
            .filter((part) => part.channel === channel)
            .map((part) => part.text),
        )
        .join('');
    },
    /** The first non-null `run/pending` interaction of `runId`. */
    async waitForPending(runId: string, timeoutMs = 30_000): Promise<Record<string, unknown>> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const events = await eventsOf(runId);
        const pending = events.find(
          (event) => event.type === 'run/pending' && event.payload['pending'],
        )?.payload['pending'];
        if (pending) return pending as Record<string, unknown>;
        if (events.some((event) => event.type === 'run/end') || Date.now() > deadline)
          throw new Error(`no run/pending for ${runId}: ${JSON.stringify(events).slice(0, 2_000)}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async waitForEnd(runId: string, timeoutMs = 30_000): Promise<PanelEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const end = (await eventsOf(runId)).find((event) => event.type === 'run/end');
        if (end) return end;
        if (Date.now() > deadline)
          throw new Error(
            `no run/end for ${runId}: ${JSON.stringify(await eventsOf(runId)).slice(0, 2_000)}`,
          );
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
  };
}

export type RunDriver = ReturnType<typeof createRunDriver>;
