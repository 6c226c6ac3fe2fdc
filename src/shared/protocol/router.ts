// ## Owns
// The one way a context accepts a message: decode the envelope, find the method,
// check the sender class, check requestId/runId, validate the payload, run the
// handler with a signal, validate the response, wrap it as a Result.
// ## Never
// Runs a handler for a message that failed any step: every failure is a distinct
// code and the handler map is not touched.
import { EnvelopeSchema, ProtocolFailure, fail, ok, type Envelope, type Result } from './envelope';
import type {
  EventChannel,
  EventHandlers,
  HandlerContext,
  RequestChannel,
  RequestHandlers,
} from './define-channel';
import type { SenderClass } from './sender';
import { validatePayload } from './validate-payload';

export interface RouteContext {
  readonly sender: SenderClass;
  readonly signal?: AbortSignal;
  readonly tabId?: number;
  readonly frameId?: number;
}

export interface RouterOptions {
  /** Says whether a runId belongs to a run this context still accepts messages for. */
  readonly isActiveRun?: (runId: string, type: string) => boolean;
  /** Responses are validated against the method's schema before they leave. */
  readonly validateResponses?: boolean;
}

type Checked =
  | { ok: true; envelope: Envelope; runScoped: boolean; schema: unknown }
  | { ok: false; error: Result<never> };

function checkEnvelope(
  raw: unknown,
  channelName: string,
  specs: Readonly<Record<string, { runScoped?: boolean }>>,
  senders: readonly SenderClass[],
  context: RouteContext,
  options: RouterOptions,
  needsRequestId: boolean,
): Checked | { ok: false; error: ReturnType<typeof fail> } {
  const decoded = validatePayload(EnvelopeSchema, raw, `${channelName} envelope`);
  if (!decoded.ok)
    return {
      ok: false,
      error: fail('INVALID_ENVELOPE', decoded.error.message, decoded.error.details),
    };
  const envelope = decoded.data;
  // Own-property lookup only: "__proto__" or "toString" must not find a method.
  if (!Object.hasOwn(specs, envelope.type)) {
    return {
      ok: false,
      error: fail('UNKNOWN_MESSAGE_TYPE', `${channelName}: unknown message type.`, {
        // Stryker disable next-line MethodExpression: the envelope schema already caps type at 64 characters
        type: envelope.type.slice(0, 64),
      }),
    };
  }
  if (!senders.includes(context.sender)) {
    return {
      ok: false,
      error: fail(
        'SENDER_NOT_ALLOWED',
        `${channelName} does not accept messages from ${context.sender}.`,
      ),
    };
  }
  if (needsRequestId && envelope.requestId === undefined) {
    return {
      ok: false,
      error: fail('MISSING_REQUEST_ID', `${channelName}: requests need a requestId.`),
    };
  }
  const spec = specs[envelope.type] ?? {};
  const runScoped = spec.runScoped === true;
  if (runScoped && envelope.runId === undefined) {
    return {
      ok: false,
      error: fail('MISSING_RUN_ID', `${envelope.type} is run-scoped and needs a runId.`),
    };
  }
  if (!runScoped && envelope.runId !== undefined) {
    return { ok: false, error: fail('UNEXPECTED_RUN_ID', `${envelope.type} is not run-scoped.`) };
  }
  if (
    runScoped &&
    envelope.runId !== undefined &&
    options.isActiveRun &&
    !options.isActiveRun(envelope.runId, envelope.type)
  ) {
    return {
      ok: false,
      error: fail('STALE_RUN_ID', `${envelope.type} belongs to a run that is not active.`),
    };
  }
  return { ok: true, envelope, runScoped, schema: spec };
}

function failureFrom(error: unknown) {
  if (error instanceof ProtocolFailure) return fail(error.code, error.message, error.details);
  const message = error instanceof Error ? error.message : String(error);
  return fail('HANDLER_FAILED', message || 'The handler failed.');
}

export interface RequestRouter {
  handle(raw: unknown, context: RouteContext): Promise<Result<unknown>>;
}

export function createRequestRouter<C extends RequestChannel>(
  channel: C,
  handlers: RequestHandlers<C>,
  options: RouterOptions = {},
): RequestRouter {
  return {
    async handle(raw, context) {
      const checked = checkEnvelope(
        raw,
        channel.name,
        channel.methods,
        channel.senders,
        context,
        options,
        true,
      );
      if (!checked.ok) return checked.error;
      const { envelope } = checked;
      const spec = channel.methods[envelope.type];
      // Stryker disable next-line all: unreachable, checkEnvelope found the method as an own property; kept for the type narrowing
      if (!spec) return fail('UNKNOWN_MESSAGE_TYPE', `${channel.name}: unknown message type.`);
      const payload = validatePayload(spec.request, envelope.payload, envelope.type);
      if (!payload.ok) return payload;
      const handler = (
        handlers as Record<string, (payload: unknown, context: HandlerContext) => unknown>
      )[envelope.type];
      if (!handler) return fail('UNKNOWN_MESSAGE_TYPE', `${channel.name}: no handler.`);
      const handlerContext: HandlerContext = {
        sender: context.sender,
        signal: context.signal ?? new AbortController().signal,
        ...(envelope.runId !== undefined ? { runId: envelope.runId } : {}),
        ...(envelope.requestId !== undefined ? { requestId: envelope.requestId } : {}),
        ...(context.tabId !== undefined ? { tabId: context.tabId } : {}),
        ...(context.frameId !== undefined ? { frameId: context.frameId } : {}),
      };
      let data: unknown;
      try {
        data = await handler(payload.data, handlerContext);
      } catch (error) {
        return failureFrom(error);
      }
      if (options.validateResponses !== false) {
        const response = validatePayload(spec.response, data, `${envelope.type} response`);
        if (!response.ok)
          return fail('INVALID_RESPONSE', response.error.message, response.error.details);
        return ok(response.data);
      }
      return ok(data);
    },
  };
}

export interface EventRouter {
  /** Returns the Result so transports and tests can see why an event was dropped. */
  handle(raw: unknown, context: RouteContext): Promise<Result<null>>;
}

export function createEventRouter<C extends EventChannel>(
  channel: C,
  handlers: EventHandlers<C>,
  options: RouterOptions = {},
): EventRouter {
  return {
    async handle(raw, context) {
      const checked = checkEnvelope(
        raw,
        channel.name,
        channel.events,
        channel.senders,
        context,
        options,
        false,
      );
      if (!checked.ok) return checked.error;
      const { envelope } = checked;
      const spec = channel.events[envelope.type];
      // Stryker disable next-line all: unreachable, checkEnvelope found the event as an own property; kept for the type narrowing
      if (!spec) return fail('UNKNOWN_MESSAGE_TYPE', `${channel.name}: unknown event.`);
      const payload = validatePayload(spec.payload, envelope.payload, envelope.type);
      if (!payload.ok) return payload;
      const handler = (
        handlers as Record<
          string,
          ((payload: unknown, context: HandlerContext) => unknown) | undefined
        >
      )[envelope.type];
      if (!handler) return ok(null);
      try {
        await handler(payload.data, {
          sender: context.sender,
          signal: context.signal ?? new AbortController().signal,
          ...(envelope.runId !== undefined ? { runId: envelope.runId } : {}),
          ...(context.tabId !== undefined ? { tabId: context.tabId } : {}),
          ...(context.frameId !== undefined ? { frameId: context.frameId } : {}),
        });
      } catch (error) {
        return failureFrom(error);
      }
      return ok(null);
    },
  };
}
