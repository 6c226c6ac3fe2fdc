// A fake worker for panel tests: the real typed client over a transport that
// routes each envelope to a scripted handler and records every call, so tests
// check order (reserve before append) and exact runIds.
import { ProtocolFailure, type Envelope } from '../../../shared/protocol/envelope';
import { createPanelApi, type PanelApi } from '../../app/panel-api';

/** One scripted method: returns the response data, or throws a ProtocolFailure. */
export type FakeHandler = (payload: never, envelope: Envelope) => unknown;

/** A recorded request. */
export interface FakeCall {
  readonly type: string;
  readonly payload: unknown;
  readonly runId: string | undefined;
}

/** The fake's client and its call log. */
export interface FakeApi {
  readonly api: PanelApi;
  readonly calls: FakeCall[];
  /** The methods called, in order. */
  types(): string[];
}

/** Creates a fake worker answering the given methods; others fail UNKNOWN_MESSAGE_TYPE. */
export function createFakeApi(handlers: Record<string, FakeHandler>): FakeApi {
  const calls: FakeCall[] = [];
  const api = createPanelApi({
    async send(envelope) {
      calls.push({ type: envelope.type, payload: envelope.payload, runId: envelope.runId });
      const handler = handlers[envelope.type];
      if (!handler)
        return { ok: false, error: { code: 'UNKNOWN_MESSAGE_TYPE', message: envelope.type } };
      try {
        return { ok: true, data: await handler(envelope.payload as never, envelope) };
      } catch (error) {
        if (error instanceof ProtocolFailure)
          return { ok: false, error: { code: error.code, message: error.message } };
        throw error;
      }
    },
  });
  return { api, calls, types: () => calls.map((call) => call.type) };
}
