import { describe, expect, it, vi } from 'vitest';
import type { PendingInteraction } from '../../shared/protocol/run-messages';
import { createInteractionBook } from './approvals';
import { clarifyInteraction, type ClarifyPolicy } from './clarify-interaction';

const CALL = {
  type: 'tool-call',
  id: 'c1',
  name: 'clarify',
  argumentsText: '{}',
  isArgumentsJson: true,
} as const;

function setup(timeoutMs = 60_000, clarify?: ClarifyPolicy) {
  const shown: (PendingInteraction | null)[] = [];
  const statuses: string[] = [];
  const notices: string[] = [];
  const interactions = createInteractionBook({ announce: (pending) => shown.push(pending) });
  const { askPerson } = clarifyInteraction(
    CALL,
    {
      interactions,
      interactionTimeoutMs: timeoutMs,
      signal: new AbortController().signal,
      events: { notice: (_level, message) => notices.push(message) },
      ...(clarify ? { clarify } : {}),
    },
    (status) => statuses.push(status),
  );
  return { shown, statuses, notices, interactions, askPerson };
}

const never = new AbortController().signal;

describe('clarifyInteraction', () => {
  it('shows the question with its options and returns the picked answer', async () => {
    const { shown, statuses, interactions, askPerson } = setup();
    const reply = askPerson({ question: 'Which size?', options: ['S', 'M', 'L'] }, never);
    expect(shown[0]).toMatchObject({
      kind: 'clarify',
      callId: 'c1',
      question: 'Which size?',
      options: ['S', 'M', 'L'],
    });
    expect(interactions.resolve('c1', 'accept', { answer: '  M ' })).toBe(true);
    expect(await reply).toEqual({ answer: 'M', chosenBy: 'person' });
    expect(statuses).toEqual(['awaiting-approval', 'running']);
    expect(shown.at(-1)).toBeNull();
  });

  it('bounds what it shows and what it returns', async () => {
    const { shown, interactions, askPerson } = setup();
    const reply = askPerson(
      { question: 'q'.repeat(5_000), options: ['a', 'b', 'c', 'd', 'e', 'f'] },
      never,
    );
    const pending = shown[0] as Extract<PendingInteraction, { kind: 'clarify' }>;
    expect(pending.question.length).toBeLessThanOrEqual(1_000);
    expect(pending.options).toHaveLength(4);
    interactions.resolve('c1', 'accept', { answer: 'x'.repeat(9_000) });
    const answer = await reply;
    expect(answer.answer?.length).toBe(2_000);
  });

  it('says dismissed for Don’t answer or an empty answer, and timeout when nobody answers', async () => {
    const first = setup();
    const dismissed = first.askPerson({ question: 'Which?', options: [] }, never);
    first.interactions.resolve('c1', 'cancel');
    expect(await dismissed).toEqual({ answer: null, reason: 'dismissed' });

    const second = setup();
    const empty = second.askPerson({ question: 'Which?', options: [] }, never);
    second.interactions.resolve('c1', 'accept', { answer: '   ' });
    expect(await empty).toEqual({ answer: null, reason: 'dismissed' });

    const third = setup(20);
    expect(await third.askPerson({ question: 'Which?', options: [] }, never)).toEqual({
      answer: null,
      reason: 'timeout',
    });
    // A decision the question does not offer is not taken.
    const fourth = setup();
    void fourth.askPerson({ question: 'Which?', options: [] }, never);
    expect(fourth.interactions.resolve('c1', 'approve-once')).toBe(false);
  });

  describe('when nobody answers (Settings → Agent)', () => {
    it('takes the first option after the set seconds, marked as the clock’s choice', async () => {
      vi.useFakeTimers();
      try {
        const { askPerson, notices, shown } = setup(60_000, {
          timeout: 'first-option',
          waitSeconds: 30,
        });
        const reply = askPerson({ question: 'Which size?', options: ['S', 'M'] }, never);
        expect(shown[0]).toMatchObject({ kind: 'clarify' });
        await vi.advanceTimersByTimeAsync(29_000);
        let settled = false;
        void reply.then(() => (settled = true));
        await vi.advanceTimersByTimeAsync(0);
        expect(settled).toBe(false);
        await vi.advanceTimersByTimeAsync(1_000);
        expect(await reply).toEqual({ answer: 'S', chosenBy: 'timeout' });
        expect(notices).toEqual([expect.stringContaining('Nobody answered')]);
        expect(notices[0]).toContain('“S”');
      } finally {
        vi.useRealTimers();
      }
    });

    it('says timeout for a question without options, whatever the setting', async () => {
      const { askPerson } = setup(60_000, { timeout: 'first-option', waitSeconds: 0.01 });
      expect(await askPerson({ question: 'Which?', options: [] }, never)).toEqual({
        answer: null,
        reason: 'timeout',
      });
    });

    it('answers at once with the first option and shows no card when set to instant', async () => {
      const { askPerson, shown, notices, statuses } = setup(60_000, {
        timeout: 'instant',
        waitSeconds: 120,
      });
      expect(await askPerson({ question: 'Which size?', options: ['S', 'M'] }, never)).toEqual({
        answer: 'S',
        chosenBy: 'timeout',
      });
      expect(shown).toEqual([]);
      expect(statuses).toEqual([]);
      expect(notices[0]).toContain('went on with the first answer');
    });

    it('waits past the run’s usual wait for people when set to wait', async () => {
      vi.useFakeTimers();
      try {
        const { askPerson, interactions } = setup(1_000, { timeout: 'wait', waitSeconds: 120 });
        const reply = askPerson({ question: 'Which size?', options: ['S', 'M'] }, never);
        await vi.advanceTimersByTimeAsync(24 * 3_600_000);
        expect(interactions.resolve('c1', 'accept', { answer: 'M' })).toBe(true);
        expect(await reply).toEqual({ answer: 'M', chosenBy: 'person' });
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
