// ## Owns
// What every site's tools share to talk to their page and answer the model: one page
// call whose failed answer throws its ProtocolFailure, the conversion of such a failure
// into a structured tool outcome (the model sees the code and a plain message) and the
// shape of a successful outcome.
import { ProtocolFailure, unwrap } from '../../shared/protocol/envelope';
import type { MethodName, RequestOf, ResponseOf } from '../../shared/protocol/define-channel';
import type { PageChannel } from '../../sites/page-channel';
import type { JsonValue, PageFrame, ToolOutcome, ToolRunContext } from './define-tool';

/** One page request on the run's tab (or one of its frames); a failed answer throws. */
export async function callPage<K extends MethodName<PageChannel>>(
  context: ToolRunContext,
  method: K,
  payload: RequestOf<PageChannel, K>,
  frame?: PageFrame,
): Promise<ResponseOf<PageChannel, K>> {
  return unwrap(await context.page.request(method, payload, frame));
}

const toJson = (value: unknown): Record<string, JsonValue> | undefined =>
  value === undefined
    ? undefined
    : (JSON.parse(JSON.stringify(value)) as Record<string, JsonValue>);

/** Runs a tool body; a ProtocolFailure becomes `{ok: false, code}` unless the run was stopped. */
export async function asOutcome(
  context: ToolRunContext,
  body: () => Promise<ToolOutcome>,
): Promise<ToolOutcome> {
  try {
    return await body();
  } catch (error) {
    if (!(error instanceof ProtocolFailure) || context.signal.aborted) throw error;
    const details = toJson(error.details);
    return { ok: false, code: error.code, message: error.message, ...(details ? { details } : {}) };
  }
}

/** A successful outcome with a one-line summary for the tool card. */
export const success = (result: JsonValue, summary: string): ToolOutcome => ({
  ok: true,
  result,
  summary: summary.slice(0, 4_000),
});
