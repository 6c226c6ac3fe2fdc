// A fake worker for panel tests: the real typed client over a transport that
// answers from canned handlers. Requests and responses are validated against the
// real schemas both ways, so a test fails if a component sends what the worker
// would refuse or expects what it would never get. Every request is recorded.
import { createClient } from '../../../shared/protocol/client';
import { defineRequestChannel } from '../../../shared/protocol/define-channel';
import type { ErrorCode } from '../../../shared/protocol/error-codes';
import type { ChatScope, SessionMeta } from '../../../shared/protocol/chat-records';
import { sessionRequestMethods } from '../../../shared/protocol/session-messages';
import {
  settingsRequestMethods,
  type ModelView,
  type SettingsView,
} from '../../../shared/protocol/settings-messages';

const channel = defineRequestChannel('panel-to-worker', ['extension-page'], {
  ...settingsRequestMethods,
  ...sessionRequestMethods,
});
type Methods = typeof channel.methods;
type Method = keyof Methods;

/** A canned handler: returns data, or throws {@link WorkerError} for an error frame. */
export type FakeHandlers = {
  [K in Method]?: (payload: never) => unknown;
};

/** Thrown by a fake handler to answer `{ok: false, error}`. */
export class WorkerError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface RecordedRequest {
  readonly method: string;
  readonly payload: unknown;
}

/** Creates a client and the log of what it sent. Unhandled methods fail loudly. */
export function createFakeWorker(handlers: FakeHandlers) {
  const requests: RecordedRequest[] = [];
  const client = createClient(channel, {
    async send(envelope) {
      requests.push({ method: envelope.type, payload: envelope.payload });
      const handler = handlers[envelope.type as Method] as
        ((payload: unknown) => unknown) | undefined;
      if (!handler)
        return { ok: false, error: { code: 'UNKNOWN_MESSAGE_TYPE', message: envelope.type } };
      try {
        return { ok: true, data: await handler(envelope.payload) };
      } catch (error) {
        if (error instanceof WorkerError)
          return { ok: false, error: { code: error.code, message: error.message } };
        throw error;
      }
    },
  });
  const of = (method: Method) => requests.filter((request) => request.method === method);
  return { client, requests, of };
}

/** A saved model view with sensible defaults. */
export function modelView(overrides: Partial<ModelView> = {}): ModelView {
  return {
    id: 'm1',
    name: 'Local model',
    kind: 'openai-compatible',
    baseUrl: 'https://api.example.com/v1',
    modelId: 'gpt-test',
    supportsVision: false,
    reasoningEffort: 'default',
    contextWindow: 128_000,
    insecureOriginAcknowledged: null,
    hasApiKey: true,
    apiKeyHint: 'abcd',
    ...overrides,
  };
}

/** Settings with the given models; the first is active. */
export function settingsView(models: ModelView[] = [modelView()]): SettingsView {
  return {
    general: {
      activeModelId: models[0]?.id ?? null,
      autoNameSessions: false,
      autoNameModelId: null,
      customSystemPrompt: '',
      historyTurnLimit: 40,
      editMode: 'ask',
      sendShortcut: 'enter',
      completionEnabled: false,
      siteGuidesEnabled: true,
      siteGuidesOff: [],
      completionModelId: null,
      completionDelayMs: 400,
      planReview: 'ask',
      maxSteps: 60,
      clarifyTimeout: 'wait',
      clarifyWaitSeconds: 120,
      autoScreenshot: 'after-change',
      screenshotDescriberId: null,
      runTokenLimit: null,
      dayTokenLimit: null,
      runCostLimit: null,
      dayCostLimit: null,
      strictSecretMode: false,
      quickActionLanguage: 'English',
      quickActions: [],
    },
    models,
  };
}

export const PROJECT: ChatScope = { siteId: 'typst', projectId: 'proj-1' };

/** A chat record with defaults. */
export function sessionMeta(overrides: Partial<SessionMeta> = {}): SessionMeta {
  return {
    id: 's1',
    scope: PROJECT,
    name: 'First chat',
    createdAt: 1_700_000_000_000,
    updatedAt: 1_700_000_000_000,
    userRenamed: false,
    turnCount: 2,
    approxBytes: 2_048,
    preview: 'Hello',
    ...overrides,
  };
}
