// ## Owns
// How a channel is declared: each method or event once, as zod schemas, with the
// sender classes it accepts. Request, response, payload and handler types are all
// derived from that one declaration (house style D4), so they cannot drift.
import type { z } from '../schema/zod';
import type { SenderClass } from './sender';

export interface MethodSpec {
  readonly request: z.ZodType;
  readonly response: z.ZodType;
  /** Run-scoped methods must carry the runId of a run the receiver knows. */
  readonly runScoped?: boolean;
}

export interface EventSpec {
  readonly payload: z.ZodType;
  readonly runScoped?: boolean;
}

export interface RequestChannel<M extends Record<string, MethodSpec> = Record<string, MethodSpec>> {
  readonly kind: 'request';
  readonly name: string;
  readonly senders: readonly SenderClass[];
  readonly methods: M;
}

export interface EventChannel<E extends Record<string, EventSpec> = Record<string, EventSpec>> {
  readonly kind: 'event';
  readonly name: string;
  readonly senders: readonly SenderClass[];
  readonly events: E;
}

export function defineRequestChannel<const M extends Record<string, MethodSpec>>(
  name: string,
  senders: readonly SenderClass[],
  methods: M,
): RequestChannel<M> {
  return { kind: 'request', name, senders, methods };
}

export function defineEventChannel<const E extends Record<string, EventSpec>>(
  name: string,
  senders: readonly SenderClass[],
  events: E,
): EventChannel<E> {
  return { kind: 'event', name, senders, events };
}

export type MethodName<C extends RequestChannel> = keyof C['methods'] & string;
export type EventName<C extends EventChannel> = keyof C['events'] & string;

/** What a caller passes for `method`. */
export type RequestOf<C extends RequestChannel, K extends MethodName<C>> = z.input<
  C['methods'][K]['request']
>;
/** What a handler receives for `method` (after validation and defaults). */
export type ParsedRequestOf<C extends RequestChannel, K extends MethodName<C>> = z.output<
  C['methods'][K]['request']
>;
/** What a handler returns and a caller receives for `method`. */
export type ResponseOf<C extends RequestChannel, K extends MethodName<C>> = z.output<
  C['methods'][K]['response']
>;
export type PayloadOf<C extends EventChannel, K extends EventName<C>> = z.output<
  C['events'][K]['payload']
>;

export interface HandlerContext {
  readonly sender: SenderClass;
  /** Aborted when the caller cancels or the receiving context goes away. */
  readonly signal: AbortSignal;
  readonly runId?: string;
  readonly requestId?: string;
  /** The tab a content-script sender runs in, when there is one. */
  readonly tabId?: number;
  /** The frame of a content-script sender (0 is the top frame). */
  readonly frameId?: number;
}

/** Exactly one handler per method: a missing or extra method is a type error. */
export type RequestHandlers<C extends RequestChannel> = {
  readonly [K in MethodName<C>]: (
    payload: ParsedRequestOf<C, K>,
    context: HandlerContext,
  ) => Promise<ResponseOf<C, K>> | ResponseOf<C, K>;
};

export type EventHandlers<C extends EventChannel> = {
  readonly [K in EventName<C>]: (
    payload: PayloadOf<C, K>,
    context: HandlerContext,
  ) => void | Promise<void>;
};

/** Handlers for one group of a channel's methods (composed into the full map). */
export type GroupHandlers<M extends Record<string, MethodSpec>> = RequestHandlers<
  RequestChannel<M>
>;

/** Identity helper whose only job is the exhaustiveness check at the call site. */
export const defineHandlers = <C extends RequestChannel>(
  _channel: C,
  handlers: NoInfer<RequestHandlers<C>>,
) => handlers;
export const defineEventHandlers = <C extends EventChannel>(
  _channel: C,
  handlers: NoInfer<EventHandlers<C>>,
) => handlers;
