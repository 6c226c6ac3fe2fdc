// ## Owns
// The tool side of a run's trace: the calls of a round as the model made them, and
// each call's outcome (result, error or refusal) with how long it took, approvals
// and page waits included.
import type { ToolOutcome } from '../tools/define-tool';
import type { RunTrace } from './trace-sink';
import { serializeOutcome } from './tool-results';
import { argumentValues } from '../../shared/secrets/forget-values';
import type { ToolCallPart } from './turn';

/** Records the round's calls; returns when they began, for the first outcome's timing. */
export function traceToolCalls(
  trace: RunTrace,
  calls: readonly ToolCallPart[],
  now: () => number = Date.now,
): number {
  for (const call of calls)
    trace.record({
      kind: 'tool-call',
      phase: trace.phase(),
      name: call.name,
      callId: call.id,
      summary: `${call.name}(${call.argumentsText.slice(0, 200)})`,
      detail: { name: call.name, arguments: parsedOrText(call.argumentsText) },
    });
  return now();
}

/** Records one outcome; returns its end, which is when the next call began. */
export function traceToolOutcome(
  trace: RunTrace,
  call: ToolCallPart,
  outcome: ToolOutcome,
  startedAt: number,
  now: () => number = Date.now,
): number {
  const ended = now();
  // A value typed into a field that turned out to hold a secret is in the call event
  // and the model's response already; the trace forgets it there and from now on.
  const withheld = outcome.ok ? (outcome.withheldArguments ?? []) : [];
  if (withheld.length > 0) trace.forget(argumentValues(call.argumentsText, withheld));
  trace.record({
    kind: 'tool-result',
    phase: trace.phase(),
    name: call.name,
    callId: call.id,
    durationMs: Math.max(0, ended - startedAt),
    summary: outcome.ok ? `${call.name} ok` : `${call.name} failed: ${outcome.code}`,
    detail: parsedOrText(serializeOutcome(outcome)),
  });
  return ended;
}

function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
