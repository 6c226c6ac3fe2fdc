// The offline web task suite: every task through the real extension in one real
// Chromium, driven by the oracle policy, judged by the task site's own record; then
// the misbehaving models. The score per category goes to
// test-results/web-tasks/score.json and is printed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oraclePolicy } from './oracle';
import { startSuite, type Suite, type TaskOutcome } from './suite-runner';
import { allTasks } from './tasks/all-tasks';
import { writeScore, type StoppedCase } from './score';
import { misbehavingCases, misbehavingTasks } from './misbehaving';

let suite: Suite;
const outcomes: TaskOutcome[] = [];
const stopped: StoppedCase[] = [];

beforeAll(async () => {
  suite = await startSuite([...allTasks, ...misbehavingTasks]);
});

afterAll(async () => {
  if (outcomes.length > 0) writeScore('chromium', outcomes, stopped);
  await suite?.close();
});

describe('web tasks with the oracle policy (Chromium)', () => {
  for (const task of allTasks) {
    it(`${task.category}: ${task.id}`, async () => {
      const outcome = await suite.run(task, oraclePolicy(task.plan, task.filter ?? 'all'));
      outcomes.push(outcome);
      const detail = `${task.id}: ${outcome.verdict.passed ? '' : outcome.verdict.why} (end ${outcome.endReason}; ${outcome.results.join(', ')})`;
      if (task.knownGap) {
        expect(outcome.verdict.passed, detail).toBe(false);
        expect(outcome.results, detail).toContain(`${task.knownGap.tool}:${task.knownGap.code}`);
        return;
      }
      expect(outcome.verdict, detail).toEqual({ passed: true });
      expect(outcome.cards.length, detail).toBe(task.expectedCards ?? 0);
    });
  }
});

describe('misbehaving models are stopped or asked, never obeyed', () => {
  for (const entry of misbehavingCases) {
    it(entry.id, async () => {
      const outcome = await suite.run(entry.task, entry.policy, {
        mode: entry.mode,
        ...(entry.stopAfterCards === undefined ? {} : { stopAfterCards: entry.stopAfterCards }),
      });
      const detail = `${entry.id}: end ${outcome.endReason}; ${outcome.results.join(', ')}`;
      const verdict = entry.expect(outcome);
      stopped.push({
        id: entry.id,
        stopped: outcome.verdict.passed && verdict.passed,
        endReason: outcome.endReason,
        cards: outcome.cards.length,
        results: outcome.results,
      });
      expect(outcome.verdict, detail).toEqual({ passed: true });
      expect(verdict, detail).toEqual({ passed: true });
    });
  }
});
