// The plan's bounds are the schema's: what the panel may send back with an approval
// and what a stored answer may hold.
import { describe, expect, it } from 'vitest';
import { PLAN_LIMITS, PlanReviewSchema, RunPlanSchema } from './run-plan';
import { runRequestMethods } from './run-messages';
import { GeneralSettingsSchema } from './settings-messages';

const PLAN = {
  summary: 'Book a table for two.',
  steps: ['Open the booking form', 'Choose 19:00'],
  risks: [],
  remember: ['Two people'],
  scheduling: { fits: false, note: '' },
};

describe('RunPlanSchema', () => {
  it('accepts a plan within its bounds', () => {
    expect(RunPlanSchema.parse(PLAN)).toEqual(PLAN);
  });

  it('refuses no steps, a blank step, too many or too long steps, and unknown fields', () => {
    const refused = [
      { ...PLAN, steps: [] },
      { ...PLAN, steps: ['   '] },
      { ...PLAN, steps: Array(PLAN_LIMITS.steps + 1).fill('Step') },
      { ...PLAN, steps: ['x'.repeat(PLAN_LIMITS.stepChars + 1)] },
      { ...PLAN, summary: 'x'.repeat(PLAN_LIMITS.summaryChars + 1) },
      { ...PLAN, risks: Array(PLAN_LIMITS.listItems + 1).fill('risk') },
      { ...PLAN, action: 'pay now' },
    ];
    for (const plan of refused) expect(RunPlanSchema.safeParse(plan).success).toBe(false);
  });

  it('bounds the plan a run/resolve answer carries, and the setting has three values', () => {
    const resolve = runRequestMethods['run/resolve'].request;
    expect(
      resolve.safeParse({ callId: 'plan-review', decision: 'accept', plan: PLAN }).success,
    ).toBe(true);
    expect(
      resolve.safeParse({
        callId: 'plan-review',
        decision: 'accept',
        plan: { ...PLAN, steps: Array(500).fill('Step') },
      }).success,
    ).toBe(false);
    expect(PlanReviewSchema.options).toEqual(['off', 'ask', 'auto']);
    expect(GeneralSettingsSchema.shape.planReview.safeParse('always').success).toBe(false);
  });
});
