// Reading planner answers as models really write them: bare JSON, fenced JSON, JSON
// after prose, visible thinking in its several forms, nested steps, and the bad
// inputs (prose, truncation, 500 steps, huge strings) each bounded or refused.
import { describe, expect, it } from 'vitest';
import { PLAN_LIMITS, RunPlanSchema } from '../../../shared/protocol/run-plan';
import { findJsonObject, readPlanAnswer, stripThinking } from './plan-answer';

const PLAN = {
  summary: 'Add the blue mug to the cart.',
  steps: ['Open the product page', 'Press Add to cart'],
  risks: ['The cart may already hold a mug'],
  remember: ['Price is 12 EUR'],
  scheduling: { fits: false, note: 'A one-off purchase.' },
};

describe('stripThinking', () => {
  it('drops complete think blocks wherever they are when the model thinks inline', () => {
    expect(stripThinking('<think>let me see {"a":1}</think>\n{"b":2}')).toBe('{"b":2}');
    expect(stripThinking('<THINKING>x</THINKING>ok<reasoning>y</reasoning>')).toBe('ok');
  });

  it('treats an unclosed think block as thinking only when the reply was cut inside it', () => {
    expect(stripThinking('{"a":1}\n<think>and then I')).toBe('{"a":1}');
    expect(stripThinking('<think>still thinking about {"a":1}')).toBe('');
  });

  it('drops what comes before a closing tag without an opening one when the template opened the block', () => {
    expect(stripThinking('I should plan {"draft":true}</think>\n\n{"b":2}')).toBe('{"b":2}');
  });

  it('leaves text without thinking unchanged apart from surrounding space', () => {
    expect(stripThinking('  {"a":1}  ')).toBe('{"a":1}');
  });
});

describe('findJsonObject', () => {
  it('returns the first balanced object, braces inside strings included', () => {
    expect(findJsonObject('Sure! {"a":"}{","b":{"c":1}} trailing {"d":2}')).toBe(
      '{"a":"}{","b":{"c":1}}',
    );
    expect(findJsonObject('{"a":"quote \\" and } brace"}')).toBe('{"a":"quote \\" and } brace"}');
  });

  it('returns null for prose or an object that never closes', () => {
    expect(findJsonObject('I will click the button.')).toBeNull();
    expect(findJsonObject('{"summary": "cut off')).toBeNull();
  });
});

describe('readPlanAnswer', () => {
  it('reads a bare JSON plan into the bounded shape', () => {
    const answer = readPlanAnswer(JSON.stringify(PLAN));
    expect(answer).toEqual({ ok: true, plan: PLAN, droppedSteps: 0 });
  });

  it('reads a fenced plan after thinking and prose', () => {
    const text = `<think>The user wants a mug.</think>Here is the plan:\n\`\`\`json\n${JSON.stringify(PLAN, null, 2)}\n\`\`\``;
    const answer = readPlanAnswer(text);
    expect(answer.ok && answer.plan.steps).toEqual(PLAN.steps);
  });

  it('accepts steps written as objects, a memory alias, a scalar risk and a boolean schedule', () => {
    const answer = readPlanAnswer(
      JSON.stringify({
        summary: 'Check out',
        steps: [{ step: 1, action: 'Open   the\ncart' }, { description: 'Pay' }, 3],
        risks: 'Payment is final',
        memory_strategy: ['Order number'],
        scheduling: true,
        action_mode: 'act',
      }),
    );
    expect(answer).toEqual({
      ok: true,
      droppedSteps: 0,
      plan: {
        summary: 'Check out',
        steps: ['Open the cart', 'Pay', '3'],
        risks: ['Payment is final'],
        remember: ['Order number'],
        scheduling: { fits: true, note: '' },
      },
    });
  });

  it('keeps the first 20 of 500 steps and counts the rest when a plan is far too long', () => {
    const steps = Array.from({ length: 500 }, (_unused, index) => `Step ${index + 1}`);
    const answer = readPlanAnswer(JSON.stringify({ ...PLAN, steps }));
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(answer.plan.steps).toHaveLength(PLAN_LIMITS.steps);
    expect(answer.plan.steps.at(-1)).toBe('Step 20');
    expect(answer.droppedSteps).toBe(480);
  });

  it('clips huge strings so the plan always fits its schema', () => {
    const huge = 'x'.repeat(50_000);
    const answer = readPlanAnswer(
      JSON.stringify({ summary: huge, steps: [huge], risks: Array(40).fill(huge) }),
    );
    expect(answer.ok).toBe(true);
    if (!answer.ok) return;
    expect(RunPlanSchema.safeParse(answer.plan).success).toBe(true);
    expect(answer.plan.summary.length).toBe(PLAN_LIMITS.summaryChars);
    expect(answer.plan.risks).toHaveLength(PLAN_LIMITS.listItems);
  });

  it('refuses prose, unreadable JSON, a missing summary and empty steps with a plain reason', () => {
    expect(readPlanAnswer('I will just click it.')).toEqual({
      ok: false,
      reason: 'The reply held no JSON object.',
    });
    const broken = readPlanAnswer('{"summary": "x", "steps": [1,]}');
    expect(broken.ok === false && broken.reason).toMatch(/^The JSON object could not be read/);
    const noSummary = readPlanAnswer('{"steps": ["a"]}');
    expect(noSummary.ok === false && noSummary.reason).toMatch(/at "summary"/);
    const noSteps = readPlanAnswer('{"summary": "x", "steps": []}');
    expect(noSteps.ok === false && noSteps.reason).toContain('at least one step');
    const blank = readPlanAnswer('{"summary": "x", "steps": ["  ", {"note": "?"}]}');
    expect(blank).toEqual({ ok: false, reason: 'Every step of the plan was empty.' });
  });
});
