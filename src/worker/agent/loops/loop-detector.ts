// ## Owns
// Telling a run that repeats itself from one that makes progress, over three kinds of
// repetition: the same call with the same outcome (or two calls taking turns), many
// actions on the same element or spot, and navigation bouncing between the same two
// addresses. It sees only what the run loop tells it about each call; which element a
// call targeted and where the tab was before and after come from the tool's outcome.
// ## Why the outcome is part of a call's identity
// Reading the same page twice is fine when the page changed in between; the same call
// with the same answer three times in a row is the pattern that never ends by itself.
import { LOOP_THRESHOLDS, type LoopThresholds } from './loop-thresholds';
import { urlFamily } from './url-family';

/** What the loop learns about one finished call. */
export interface CallObservation {
  readonly name: string;
  readonly arguments: unknown;
  /** 'ok' or the failure's code. */
  readonly outcome: string;
  /** The element or spot the call acted on (`ref:e12`, or a point), when it acted on one. */
  readonly target?: string | null;
  /** The tab's address before and after the call, when the call could move it. */
  readonly urlBefore?: string | null;
  readonly urlAfter?: string | null;
}

export type LoopDetectorKind = 'repeat' | 'target' | 'navigation';

export type LoopVerdict =
  | { readonly kind: 'none' }
  | { readonly kind: 'nudge' | 'stop'; readonly detector: LoopDetectorKind; readonly what: string };

const NONE: LoopVerdict = { kind: 'none' };

/**
 * Arguments as text with sorted keys, so `{a,b}` and `{b,a}` are the same call, and
 * with each `url` argument as its family, so near-identical addresses are one call.
 */
export function canonicalArguments(value: unknown): string {
  const seen = new WeakSet<object>();
  const walk = (entry: unknown, key?: string): unknown => {
    if (typeof entry === 'string' && key === 'url') return urlFamily(entry);
    if (entry === null || typeof entry !== 'object') return entry;
    if (seen.has(entry)) return '[cycle]';
    seen.add(entry);
    if (Array.isArray(entry)) return entry.map((item) => walk(item));
    const out: Record<string, unknown> = {};
    for (const name of Object.keys(entry).sort())
      out[name] = walk((entry as Record<string, unknown>)[name], name);
    return out;
  };
  return JSON.stringify(walk(value)) ?? 'undefined';
}

/** The bucket key of a page point, so clicks a few pixels apart count as one spot. */
export function pointTarget(x: number, y: number, bucketPx = LOOP_THRESHOLDS.pointBucketPx) {
  return `point:${Math.floor(x / bucketPx)},${Math.floor(y / bucketPx)}`;
}

const shortCall = (call: CallObservation) => {
  const args = canonicalArguments(call.arguments);
  return `${call.name} ${args.length > 120 ? `${args.slice(0, 119)}\u2026` : args}`;
};

export function createLoopDetector(thresholds: LoopThresholds = LOOP_THRESHOLDS) {
  const recent: string[] = [];
  const calls: CallObservation[] = [];
  const targets: string[] = [];
  const addresses: string[] = [];
  let nudges = 0;
  let healthy = 0;

  const repeat = (call: CallObservation): LoopVerdict => {
    const key = `${call.name}\u0000${canonicalArguments(call.arguments)}\u0000${call.outcome}`;
    recent.push(key);
    calls.push(call);
    if (recent.length > thresholds.repeatWindow) {
      recent.shift();
      calls.shift();
    }
    const n = recent.length;
    const tail = recent.slice(-thresholds.repeatNudgeAt);
    const same = tail.length === thresholds.repeatNudgeAt && tail.every((k) => k === tail[0]);
    const alternating =
      n >= 4 &&
      recent[n - 1] === recent[n - 3] &&
      recent[n - 2] === recent[n - 4] &&
      recent[n - 1] !== recent[n - 2];
    if (!same && !alternating) return NONE;
    const what = same
      ? `the same call (${shortCall(call)}) with the same result ${thresholds.repeatNudgeAt} times in a row`
      : `two calls taking turns (${shortCall(calls[calls.length - 2]!)} and ${shortCall(call)}) with the same results`;
    return { kind: 'nudge', detector: 'repeat', what };
  };

  const target = (call: CallObservation): LoopVerdict => {
    if (!call.target) return NONE;
    targets.push(call.target);
    if (targets.length > thresholds.targetWindow) targets.shift();
    const hits = targets.filter((entry) => entry === call.target).length;
    const what = `${hits} actions on the same ${call.target.startsWith('point:') ? 'spot' : 'element'} (${call.target})`;
    if (hits >= thresholds.targetStopAt) return { kind: 'stop', detector: 'target', what };
    if (hits >= thresholds.targetNudgeAt) return { kind: 'nudge', detector: 'target', what };
    return NONE;
  };

  const navigation = (call: CallObservation): LoopVerdict => {
    if (!call.urlBefore || !call.urlAfter) return NONE;
    const urlBefore = urlFamily(call.urlBefore);
    const urlAfter = urlFamily(call.urlAfter);
    if (urlBefore === urlAfter) return NONE;
    if (addresses.at(-1) !== urlBefore) addresses.push(urlBefore);
    addresses.push(urlAfter);
    if (addresses.length > 2 * thresholds.bounceStopAt + 2) addresses.shift();
    // Round trips: how far back the addresses keep alternating between the last two.
    const [a, b] = [addresses.at(-1), addresses.at(-2)];
    let alternating = 1;
    for (let index = addresses.length - 2; index >= 0; index -= 1) {
      const expected = (addresses.length - 1 - index) % 2 === 0 ? a : b;
      if (addresses[index] !== expected) break;
      alternating += 1;
    }
    const trips = Math.floor((alternating - 1) / 2);
    if (trips < thresholds.bounceNudgeAt) return NONE;
    const what = `navigation bouncing between ${b} and ${a} (${trips} round trips)`;
    return {
      kind: trips >= thresholds.bounceStopAt ? 'stop' : 'nudge',
      detector: 'navigation',
      what,
    };
  };

  return {
    /** Records `call` and says whether the run should be nudged or stopped. */
    observe(call: CallObservation): LoopVerdict {
      const verdicts = [target(call), navigation(call), repeat(call)];
      const stop = verdicts.find((verdict) => verdict.kind === 'stop');
      if (stop) return stop;
      const nudge = verdicts.find((verdict) => verdict.kind === 'nudge');
      if (!nudge || nudge.kind === 'none') {
        healthy += 1;
        if (healthy >= thresholds.healthyToReset) nudges = 0;
        return NONE;
      }
      healthy = 0;
      nudges += 1;
      if (nudges >= thresholds.repeatStopAtNudges)
        return {
          kind: 'stop',
          detector: nudge.detector,
          what: `${nudge.what}, after ${nudges} warnings`,
        };
      return nudge;
    },
  };
}

export type LoopDetector = ReturnType<typeof createLoopDetector>;

/** The note the model gets with a nudge: our words, not page text. */
export const loopNote = (what: string) =>
  `[Side Agent loop check] This run shows ${what}. Repeating it will not work: try a different element or approach, look at the page again, or stop and tell the person what blocks you.`;

/** What the person reads when a loop ends the run. */
export const loopStopMessage = (what: string) =>
  `Stopped: the agent was repeating itself (${what}). Nothing more was done. Rephrase the request or do this step yourself, then ask again.`;
