// ## Owns
// The run's narrow view of trace recording: record an event, end the run's trace.
// The loop, the planner, the describer and naming see only this; where and whether
// events are stored (src/worker/traces) is decided behind it, and with tracing off it
// is the no-op below. Also wraps a model adapter so each call's request and response
// are recorded with its phase and timing, without the API key.
import type { TraceEventKind, TracePhase } from '../../shared/protocol/trace-records';
import type { ModelAdapter, ModelRequest, StreamPart } from '../providers/model-adapter';

export interface TraceEventInput {
  readonly kind: TraceEventKind;
  readonly phase: TracePhase;
  readonly name?: string;
  readonly callId?: string;
  readonly durationMs?: number;
  readonly summary: string;
  /** Any JSON-shaped value; the recorder filters and serializes it. */
  readonly detail?: unknown;
}

/** Where a run's trace goes; never throws and never makes the run wait. */
export interface TraceSink {
  /** The run's label in the list: the first words of the person's message. */
  title(text: string): void;
  record(event: TraceEventInput): void;
  /**
   * Exact values the run learned are secret (a password typed into a credential
   * field): replaced by a marker in what was recorded before and in all that follows.
   */
  forget(values: readonly string[]): void;
  end(status: 'done' | 'error' | 'cancelled', errorCode?: string): void;
}

export const NO_TRACE: TraceSink = {
  title: () => undefined,
  record: () => undefined,
  forget: () => undefined,
  end: () => undefined,
};

/** What the agent core calls at run start; the recorder decides whether it records. */
export type TraceStarter = (run: {
  readonly runId: string;
  readonly sessionId: string;
  readonly siteId: string;
}) => TraceSink;

/** The request as stored: settings without the key, images as their size only. */
export function traceableRequest(request: ModelRequest): unknown {
  const { apiKey: _apiKey, ...settings } = request.settings;
  void _apiKey;
  const messages = request.messages.map((message) =>
    message.role === 'user'
      ? {
          ...message,
          content: message.content.map((part) =>
            part.type === 'image'
              ? { type: 'image', mediaType: part.mediaType, base64Chars: part.base64.length }
              : part,
          ),
        }
      : message,
  );
  return { settings, messages, tools: request.tools.map((tool) => tool.name) };
}

function summaryOfResponse(text: string, calls: number, error: string | null): string {
  if (error !== null) return `error ${error}`;
  const words = text.trim().slice(0, 120);
  return calls > 0 ? `${calls} tool call(s)${words ? `: ${words}` : ''}` : words || '(no text)';
}

/** `adapter` with every call recorded into `trace` under `phase`. */
export function tracedAdapter(
  adapter: ModelAdapter,
  trace: TraceSink,
  phase: TracePhase,
  now: () => number = Date.now,
): ModelAdapter {
  if (trace === NO_TRACE) return adapter;
  return {
    kind: adapter.kind,
    listModels: (settings, options) => adapter.listModels(settings, options),
    stream: (request, options) => ({
      async *[Symbol.asyncIterator]() {
        const started = now();
        trace.record({
          kind: 'model-request',
          phase,
          name: request.settings.modelId,
          summary: `${request.settings.modelId}: ${request.messages.length} messages, ${request.tools.length} tools`,
          detail: traceableRequest(request),
        });
        const parts: StreamPart[] = [];
        let text = '';
        let reasoning = '';
        let error: string | null = null;
        try {
          for await (const part of adapter.stream(request, options)) {
            if (part.type === 'text-delta') text += part.text;
            else if (part.type === 'reasoning-delta') reasoning += part.text;
            else {
              if (part.type === 'error') error = part.code;
              parts.push(part);
            }
            yield part;
          }
        } catch (thrown) {
          error = thrown instanceof Error ? thrown.message.slice(0, 100) : 'failed';
          throw thrown;
        } finally {
          const calls = parts.filter((part) => part.type === 'tool-call').length;
          trace.record({
            kind: 'model-response',
            phase,
            name: request.settings.modelId,
            durationMs: Math.max(0, now() - started),
            summary: summaryOfResponse(text, calls, error),
            detail: { text, reasoning, parts },
          });
        }
      },
    }),
  };
}

/** A run's sink with the phase it is in, for events that do not carry their own. */
export interface RunTrace extends TraceSink {
  readonly phase: () => TracePhase;
  /** Marks the start of `phase` in the timeline. */
  enter(phase: TracePhase): void;
}

export function createRunTrace(sink: TraceSink): RunTrace {
  let current: TracePhase = 'setup';
  return {
    title: (text) => sink.title(text),
    record: (event) => sink.record(event),
    forget: (values) => sink.forget(values),
    end: (status, errorCode) => sink.end(status, errorCode),
    phase: () => current,
    enter: (phase) => {
      current = phase;
      sink.record({ kind: 'phase', phase, name: phase, summary: `${phase} starts` });
    },
  };
}
