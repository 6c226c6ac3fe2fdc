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

/**
 * A short digest of what a call returned: the same call answered with a different
 * page (a longer list after "Load more") is progress, not a repeat. FNV-1a over the
 * serialized result; a huge result is digested by its length and both ends.
 */
export function resultDigest(result: unknown): string {
  const text = JSON.stringify(result) ?? '';
  const sample = text.length > 200_000 ? text.slice(0, 100_000) + text.slice(-100_000) : text;
  let hash = 0x811c9dc5;
  for (let index = 0; index < sample.length; index += 1) {
    hash ^= sample.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${text.length}:${(hash >>> 0).toString(36)}`;
}

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
        outcome: outcome.ok ? `ok:${resultDigest(outcome.result)}` : outcome.code,
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
