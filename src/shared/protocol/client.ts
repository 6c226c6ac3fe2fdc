// ## Owns
// Typed callers for a channel. A caller names a method and passes its payload; the
// client builds the envelope, validates the payload before it leaves, and validates
// the response frame and data when it returns (responses from a page are hostile).
import { createId } from '../lib/ids';
import {
  ProtocolFailure,
  ResponseFrameSchema,
  fail,
  ok,
  type Envelope,
  type Result,
} from './envelope';
import type {
  EventChannel,
  EventName,
  MethodName,
  PayloadOf,
  RequestChannel,
  RequestOf,
  ResponseOf,
} from './define-channel';
import { validatePayload } from './validate-payload';

/** Sends one request envelope and resolves with the raw response frame. */
export interface RequestTransport {
  send(envelope: Envelope, signal?: AbortSignal): Promise<unknown>;
}

/** Sends one event envelope; delivery is best effort. */
export interface EventTransport {
  emit(envelope: Envelope): void | Promise<void>;
}

export interface RequestOptions {
  readonly runId?: string;
  readonly signal?: AbortSignal;
}

export interface Client<C extends RequestChannel> {
  request<K extends MethodName<C>>(
    method: K,
    payload: RequestOf<C, K>,
    options?: RequestOptions,
  ): Promise<Result<ResponseOf<C, K>>>;
}

export function createClient<C extends RequestChannel>(
  channel: C,
  transport: RequestTransport,
): Client<C> {
  return {
    async request(method, payload, options = {}) {
      const spec = channel.methods[method];
      if (!spec) return fail('UNKNOWN_MESSAGE_TYPE', `${channel.name}: unknown method.`);
      const outgoing = validatePayload(spec.request, payload, method);
      if (!outgoing.ok) return outgoing;
      const envelope: Envelope = { type: method, requestId: createId(), payload };
      if (options.runId !== undefined) envelope.runId = options.runId;
      let raw: unknown;
      try {
        raw = await transport.send(envelope, options.signal);
      } catch (error) {
        if (error instanceof ProtocolFailure) return fail(error.code, error.message, error.details);
        return fail('PAGE_UNAVAILABLE', error instanceof Error ? error.message : String(error));
      }
      const frame = validatePayload(ResponseFrameSchema, raw, `${method} response frame`);
      if (!frame.ok) return fail('INVALID_RESPONSE', frame.error.message, frame.error.details);
      if (!frame.data.ok) return { ok: false, error: frame.data.error };
      const data = validatePayload(spec.response, frame.data.data, `${method} response`);
      if (!data.ok) return fail('INVALID_RESPONSE', data.error.message, data.error.details);
      return ok(data.data as ResponseOf<C, typeof method>);
    },
  };
}

export interface Emitter<C extends EventChannel> {
  emit<K extends EventName<C>>(
    event: K,
    payload: PayloadOf<C, K>,
    options?: { runId?: string },
  ): Promise<Result<null>>;
}

export function createEmitter<C extends EventChannel>(
  channel: C,
  transport: EventTransport,
): Emitter<C> {
  return {
    async emit(event, payload, options = {}) {
      const spec = channel.events[event];
      if (!spec) return fail('UNKNOWN_MESSAGE_TYPE', `${channel.name}: unknown event.`);
      const checked = validatePayload(spec.payload, payload, event);
      if (!checked.ok) return checked;
      const envelope: Envelope = { type: event, payload };
      if (options.runId !== undefined) envelope.runId = options.runId;
      await transport.emit(envelope);
      return ok(null);
    },
  };
}
