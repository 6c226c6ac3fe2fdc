// ## Owns
// Loop detection in one run: every finished call is shown to the detector; after the
// round, nudges become one note to the model (in Side Agent's own words, next to the
// tool results, never inside them), and a stop ends the run with what repeated.
import { ProtocolFailure } from '../../../shared/protocol/envelope';
import type { ModelMessage } from '../../providers/model-adapter';
import type { ToolOutcome } from '../../tools/define-tool';
import type { ToolCallPart } from '../turn';
import { createLoopDetector, loopNote, loopStopMessage } from './loop-detector';
import type { LoopThresholds } from './loop-thresholds';

export function createRunLoopGuard(thresholds?: LoopThresholds) {
  const detector = createLoopDetector(thresholds);
  let nudge: string | null = null;
  let stop: string | null = null;
  return {
    onOutcome(call: ToolCallPart, args: unknown, outcome: ToolOutcome): void {
      if (stop !== null) return;
      const verdict = detector.observe({
        name: call.name,
        arguments: args,
        outcome: outcome.ok ? 'ok' : outcome.code,
        target: outcome.loop?.target ?? null,
        urlBefore: outcome.loop?.urlBefore ?? null,
        urlAfter: outcome.loop?.urlAfter ?? null,
      });
      if (verdict.kind === 'stop') stop = verdict.what;
      else if (verdict.kind === 'nudge') nudge = verdict.what;
    },
    /** After a round's tool messages: adds the nudge, or ends the run on a stop. */
    afterRound(messages: ModelMessage[]): void {
      if (stop !== null) throw new ProtocolFailure('RUN_LOOP_STOPPED', loopStopMessage(stop));
      if (nudge === null) return;
      messages.push({ role: 'user', content: [{ type: 'text', text: loopNote(nudge) }] });
      nudge = null;
    },
  };
}
