// Types of the scripted OpenAI-compatible model server (model-server.mjs).

/** A tool call the scripted model makes; `arguments` is an object (serialized) or a raw string. */
export interface ScenarioToolCall {
  id: string;
  name: string;
  arguments?: Record<string, unknown> | string;
  /** Chunks the call is spread over. @default 3 */
  fragments?: number;
  /** Send `index` only on the first fragment, like some gateways. */
  omitIndexOnContinuation?: boolean;
}

/** One step of a streamed turn, in order. */
export type ScenarioStep =
  | { text: string }
  | { reasoning: string; field?: 'reasoning_content' | 'reasoning' | 'thinking' }
  /** Content wrapped in inline `<think>…</think>` tags. */
  | { think: string }
  | { toolCall: ScenarioToolCall }
  | { delayMs: number }
  /** A mid-stream `{"error": …}` object; the stream ends after it. */
  | { error: Record<string, unknown> }
  /** Raw SSE text written as is (malformed lines, comments). */
  | { raw: string }
  /** Stop writing and keep the connection open until the client disconnects. */
  | { hang: true };

/** An HTTP error answer. */
export interface ScenarioHttpError {
  status: number;
  headers?: Record<string, string>;
  body?: unknown;
}

/** The answer to the Nth model request of a conversation. */
export interface ScenarioTurn {
  /** Answer with this HTTP error instead of a stream. */
  http?: ScenarioHttpError;
  /** Answer the first attempts of this turn with these errors (retry tests), then stream. */
  failFirst?: ScenarioHttpError[];
  firstByteDelayMs?: number;
  chunkDelayMs?: number;
  /** Code points per text/reasoning delta. @default 8 */
  chunkSize?: number;
  steps?: ScenarioStep[];
  /** @default 'tool_calls' when the turn has tool calls, else 'stop'; null sends none. */
  finishReason?: string | null;
  usage?: Record<string, unknown>;
  /** Send `data: [DONE]`. @default true */
  done?: boolean;
}

/**
 * A script. The turn answering a request is the number of assistant messages in
 * that request, so concurrent conversations and re-sent requests stay independent.
 */
export interface Scenario {
  name: string;
  /** Model ids listed by GET /v1/models. @default ['scripted-model'] */
  models?: string[];
  turns: ScenarioTurn[];
  /**
   * Computes each turn from the request instead of reading `turns` (a model that
   * reacts to what it was sent). Returning undefined answers 400 `scenario_exhausted`.
   */
  policy?: ScenarioPolicy;
  /** Answer requests past the last turn with the last turn instead of a 400. */
  repeatLastTurn?: boolean;
}

/** What a policy learns besides the request body. */
export interface PolicyContext {
  /** The number of assistant messages in the request (the turn a script would use). */
  turnIndex: number;
}

/** A model's next turn, computed from the Chat Completions request it answers. */
export type ScenarioPolicy = (
  body: any,
  context: PolicyContext,
) => ScenarioTurn | undefined | Promise<ScenarioTurn | undefined>;

/** One received request, recorded for assertions. */
export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: any;
  scenario: string | undefined;
  turnIndex: number | undefined;
}

export interface ModelServerOptions {
  /** The default scenario: an object or a file name in ./scenarios (without .json). */
  scenario?: Scenario | string;
  /** Extra scenarios; a request whose `model` equals a scenario name uses that scenario. */
  scenarios?: Record<string, Scenario> | Scenario[];
  /** Require `Authorization: Bearer <apiKey>`; otherwise 401. */
  apiKey?: string;
  /** @default 0 (any free port) */
  port?: number;
  /** @default '127.0.0.1' */
  host?: string;
}

export interface ModelServer {
  /** E.g. `http://127.0.0.1:54321/v1`; use it as the model's base URL. */
  readonly baseUrl: string;
  readonly port: number;
  /** Every request received, in order. */
  readonly requests: RecordedRequest[];
  /** Replaces the default scenario and resets failFirst counters. */
  setScenario(scenario: Scenario | string): Promise<void>;
  /** Closes the server and drops open (hanging) connections. */
  close(): Promise<void>;
}

export function startModelServer(options?: ModelServerOptions): Promise<ModelServer>;
export function loadScenario(name: string): Promise<Scenario>;
