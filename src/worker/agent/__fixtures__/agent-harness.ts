// Test kit for the agent core: a scripted ModelAdapter, recorded panel events, a
// test tool factory and an agent wired to in-memory stores. Never imported by
// shipped code.
import { z } from '../../../shared/schema/zod';
import { ProtocolFailure, type Envelope } from '../../../shared/protocol/envelope';
import type { ChatScope, UserTurn } from '../../../shared/protocol/chat-records';
import type { AgentMode } from '../../../shared/protocol/agent-modes';
import type { RunStartRequest } from '../../../shared/protocol/run-messages';
import type { GeneralSettings, ModelInput } from '../../../shared/protocol/settings-messages';
import type { ModelAdapter, ModelRequest, StreamPart } from '../../providers/model-adapter';
import type { PageRequests } from '../../page-requests';
import {
  createMemoryChatStore,
  createMemorySettingsStore,
} from '../../storage/__fixtures__/memory-stores';
import {
  defineTool,
  type ToolDefinition,
  type ToolEffect,
  type ToolRunContext,
} from '../../tools/define-tool';
import { createToolRegistry } from '../../tools/tool-registry';
import { createAgentCore, type AgentCoreDeps } from '../agent-core';
import { createMemoryRunJournal } from '../run-journal';

export type ScriptTurn =
  StreamPart[] | ((request: ModelRequest, signal: AbortSignal) => AsyncIterable<StreamPart>);

const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Answers round N of a conversation with turn N (or the last turn when `repeatLast`). */
export function scriptedAdapter(turns: ScriptTurn[], options: { repeatLast?: boolean } = {}) {
  const requests: ModelRequest[] = [];
  const adapter: ModelAdapter = {
    kind: 'openai-compatible',
    async *stream(request, streamOptions) {
      requests.push(structuredClone(request) as ModelRequest);
      // Like the scripted model server: turn N answers a request with N assistant
      // messages, so two chats sharing one adapter stay independent.
      const round = request.messages.filter((message) => message.role === 'assistant').length;
      const index = Math.min(
        round,
        options.repeatLast ? turns.length - 1 : Number.MAX_SAFE_INTEGER,
      );
      const turn = turns[index];
      if (!turn) {
        yield { type: 'error', code: 'PROVIDER_HTTP_ERROR', message: 'scenario exhausted' };
        return;
      }
      const parts = typeof turn === 'function' ? turn(request, streamOptions.signal) : turn;
      for await (const part of parts) {
        await tick();
        if (streamOptions.signal.aborted) throw new ProtocolFailure('CANCELLED', 'cancelled');
        yield part;
      }
    },
    async listModels() {
      return { ok: true, data: [] };
    },
  };
  return { adapter, requests };
}

export const text = (value: string): StreamPart => ({ type: 'text-delta', text: value });
export const finish = (reason: 'stop' | 'tool_calls' | 'length' = 'stop'): StreamPart => ({
  type: 'finish',
  reason,
});
export const call = (id: string, name: string, args: unknown): StreamPart => {
  const argumentsText = typeof args === 'string' ? args : JSON.stringify(args);
  return { type: 'tool-call', id, name, argumentsText, isArgumentsJson: true };
};

/** A tool whose behaviour the test supplies. */
export function testTool(
  name: string,
  effect: ToolEffect,
  run: (args: { value?: string | undefined }, context: ToolRunContext) => Promise<unknown> = async (
    args,
  ) => ({ echoed: args.value ?? null }),
): ToolDefinition<unknown> {
  return defineTool({
    name,
    description: `test tool ${name}`,
    arguments: z.strictObject({ value: z.string().optional() }),
    effect,
    approval:
      effect === 'external'
        ? 'external-approval'
        : effect === 'editor-write'
          ? 'editor-review'
          : 'automatic',
    ...(effect === 'external'
      ? {
          destination: {
            integration: 'Test API',
            url: 'https://api.example.test/x',
            routeId: `custom:${name}`,
          },
        }
      : {}),
    async execute(args, context) {
      const result = await run(args, context);
      return { ok: true, result: result as never, summary: `${name} ran` };
    },
  }) as ToolDefinition<unknown>;
}

export const SCOPE: ChatScope = { siteId: 'typst', projectId: 'proj-1' };

/** A chat scope of the web face (a site with the Ask / Act / Dev control). */
export const WEB_SCOPE: ChatScope = { siteId: 'web', projectId: 'https://shop.example' };

export async function createHarness(options: {
  turns: ScriptTurn[];
  tools?: ToolDefinition<unknown>[];
  repeatLast?: boolean;
  extra?: Partial<AgentCoreDeps>;
  /** The chat scope runs start in; typst's by default. */
  scope?: ChatScope;
  /** General settings besides the defaults (e.g. `planReview`). */
  general?: Partial<GeneralSettings>;
  /** The model's prices (US$ per million tokens); none by default. */
  prices?: ModelInput['prices'];
}) {
  const scope = options.scope ?? SCOPE;
  const chats = createMemoryChatStore();
  const settings = createMemorySettingsStore(options.general);
  await settings.saveModel({
    id: 'model-1',
    name: 'Test',
    kind: 'openai-compatible',
    baseUrl: 'http://127.0.0.1:9/v1',
    modelId: 'scripted',
    supportsVision: false,
    reasoningEffort: 'default',
    contextWindow: 128_000,
    insecureOriginAcknowledged: null,
    ...(options.prices ? { prices: options.prices } : {}),
    apiKey: '',
  });
  const { adapter, requests } = scriptedAdapter(
    options.turns,
    options.repeatLast ? { repeatLast: true } : {},
  );
  const events: Envelope[] = [];
  const tabCalls: number[] = [];
  const pages: PageRequests = {
    request: async () => ({
      ok: false,
      error: { code: 'PAGE_UNAVAILABLE', message: 'no page in tests' },
    }),
  };
  const agent = createAgentCore({
    chats,
    settings,
    pages,
    events: { emit: (envelope) => void events.push(structuredClone(envelope)) },
    tabs: {
      siteOf: async (tabId) => {
        tabCalls.push(tabId);
        return {
          tabId,
          windowId: 1,
          url:
            scope.siteId === SCOPE.siteId
              ? 'https://typst.app/project/proj-1'
              : `${scope.projectId ?? ''}/`,
          siteId: scope.siteId,
          scope,
        };
      },
    },
    adapterFor: () => adapter,
    fetch: async () => new Response(''),
    registry: createToolRegistry(options.tools ?? []),
    journal: createMemoryRunJournal(),
    streamDelayMs: 1,
    ...options.extra,
  });
  let runCounter = 0;
  /** Creates a chat with one user turn, reserves and starts a run on it. */
  const send = async (
    question = 'Hello?',
    sessionId?: string,
    editMode: 'ask' | 'auto' = 'ask',
    agentMode?: AgentMode,
    userExtra: Partial<UserTurn> = {},
  ) => {
    const id = sessionId ?? (await chats.create(scope)).id;
    const user: UserTurn = {
      id: `user-${++runCounter}`,
      role: 'user',
      createdAt: 1,
      text: question,
      file: null,
      attachments: [],
      ...userExtra,
    };
    await chats.appendUserTurn(id, user);
    const runId = `run-${runCounter}`;
    const identity = { tabId: 7, scope, sessionId: id };
    agent.reserve(runId, identity);
    const request: RunStartRequest = {
      ...identity,
      userTurnId: user.id,
      modelId: 'model-1',
      editMode,
      ...(agentMode !== undefined ? { agentMode } : {}),
      file: null,
      selection: null,
      attachments: [],
      attachmentRecords: [],
    };
    const started = agent.start(runId, request);
    return { runId, sessionId: id, started };
  };
  const eventsOf = (runId: string) => events.filter((event) => event.runId === runId);
  const typesOf = (runId: string) => eventsOf(runId).map((event) => event.type);
  const endOf = (runId: string) =>
    eventsOf(runId).find((event) => event.type === 'run/end')?.payload as
      { status: string; error?: { code: string } } | undefined;
  return { agent, chats, settings, requests, events, eventsOf, typesOf, endOf, send, tabCalls };
}

/** Waits until `predicate` holds, polling the event loop. */
export async function until(predicate: () => boolean, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error('until: timed out');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
