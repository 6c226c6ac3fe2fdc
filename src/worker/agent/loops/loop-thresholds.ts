// When a run is repeating itself instead of making progress. One file, so the
// numbers are seen together and their tests sit next to them. A nudge is a note to
// the model; a stop ends the run and tells the person what repeated.

export interface LoopThresholds {
  /** Calls the repeat detector looks back over. */
  readonly repeatWindow: number;
  /** The same call with the same outcome this many times in a row: a nudge. */
  readonly repeatNudgeAt: number;
  /** Nudges without `healthyToReset` healthy calls in between: a stop. */
  readonly repeatStopAtNudges: number;
  /** Healthy calls in a row that forgive the nudges before them. */
  readonly healthyToReset: number;
  /** Target-bearing calls the target detector looks back over. */
  readonly targetWindow: number;
  /** Actions on one element (or one 5 px spot) within the window: a nudge, then a stop. */
  readonly targetNudgeAt: number;
  readonly targetStopAt: number;
  /** Side of the square a point on the page is bucketed into, in CSS pixels. */
  readonly pointBucketPx: number;
  /** Round trips between the same two addresses: a nudge, then a stop. */
  readonly bounceNudgeAt: number;
  readonly bounceStopAt: number;
}

export const LOOP_THRESHOLDS: LoopThresholds = {
  repeatWindow: 6,
  repeatNudgeAt: 3,
  repeatStopAtNudges: 8,
  healthyToReset: 2,
  targetWindow: 12,
  targetNudgeAt: 5,
  targetStopAt: 8,
  pointBucketPx: 5,
  bounceNudgeAt: 2,
  bounceStopAt: 4,
};
