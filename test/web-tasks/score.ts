// The suite's score: passed/total per category, steps per task and characters of
// observation per step, printed and written to test-results/web-tasks/score.json.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TaskOutcome } from './suite-runner';

export interface CategoryScore {
  readonly category: string;
  readonly passed: number;
  readonly total: number;
  readonly stepsPerTask: number;
  readonly observationCharsPerStep: number;
}

const round = (value: number) => Math.round(value * 10) / 10;

export function scoreOf(outcomes: readonly TaskOutcome[]): CategoryScore[] {
  const categories = [...new Set(outcomes.map((outcome) => outcome.category))];
  const summarise = (category: string, group: readonly TaskOutcome[]): CategoryScore => {
    const steps = group.reduce((total, outcome) => total + outcome.steps, 0);
    const chars = group.reduce(
      (total, outcome) => total + outcome.observationCharsPerStep * outcome.steps,
      0,
    );
    return {
      category,
      passed: group.filter((outcome) => outcome.verdict.passed).length,
      total: group.length,
      stepsPerTask: round(steps / Math.max(1, group.length)),
      observationCharsPerStep: Math.round(chars / Math.max(1, steps)),
    };
  };
  return [
    ...categories.map((category) =>
      summarise(
        category,
        outcomes.filter((outcome) => outcome.category === category),
      ),
    ),
    summarise('all', outcomes),
  ];
}

const FILE = path.resolve('test-results/web-tasks/score.json');

/** A misbehaving model's case: whether the product stopped it or asked. */
export interface StoppedCase {
  readonly id: string;
  readonly stopped: boolean;
  readonly endReason: string;
  readonly cards: number;
  readonly results: readonly string[];
}

/** Prints the score and merges it into score.json under `browser`. */
export function writeScore(
  browser: string,
  outcomes: readonly TaskOutcome[],
  misbehaving: readonly StoppedCase[] = [],
): void {
  const score = scoreOf(outcomes);
  const table = score
    .map(
      (row) =>
        `${row.category.padEnd(22)} ${`${row.passed}/${row.total}`.padStart(6)}  ${String(row.stepsPerTask).padStart(5)} steps/task  ${String(row.observationCharsPerStep).padStart(6)} chars/step`,
    )
    .join('\n');
  const stopped = misbehaving.filter((entry) => entry.stopped).length;
  console.log(
    `Web task suite (${browser}):\n${table}\nmisbehaving models stopped or asked: ${stopped}/${misbehaving.length}`,
  );
  mkdirSync(path.dirname(FILE), { recursive: true });
  let previous: Record<string, unknown> = {};
  try {
    previous = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>;
  } catch {
    previous = {};
  }
  const tasks = outcomes.map((outcome) => ({
    id: outcome.id,
    category: outcome.category,
    passed: outcome.verdict.passed,
    ...(outcome.verdict.passed ? {} : { why: outcome.verdict.why }),
    steps: outcome.steps,
    observationCharsPerStep: outcome.observationCharsPerStep,
    cards: outcome.cards.length,
    ms: outcome.ms,
  }));
  writeFileSync(
    FILE,
    `${JSON.stringify(
      {
        ...previous,
        [browser]: { at: new Date().toISOString(), score, tasks, misbehaving },
      },
      null,
      2,
    )}\n`,
  );
}
