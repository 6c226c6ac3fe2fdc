// ## Owns
// When a run counts as a long task, the one answer to "are the working-memory tools
// offered now?". Their schemas would be sent with every request of every run; a
// short task never needs a ledger, so they join once the person approved a plan
// (the run was planned as several steps), once the run has taken enough rounds to
// be long anyway, or once the memory holds something (so it stays reachable).

/** From this model round on, a run counts as long even without a plan. */
export const LONG_TASK_ROUND = 6;

export interface LongTaskFacts {
  readonly hasPlan: boolean;
  readonly round: number;
  readonly hasMemory: boolean;
}

export const isLongTask = ({ hasPlan, round, hasMemory }: LongTaskFacts): boolean =>
  hasPlan || hasMemory || round >= LONG_TASK_ROUND;
