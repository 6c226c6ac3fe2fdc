import { describe, expect, it } from 'vitest';
import type { PendingInteraction } from '../../shared/protocol/run-messages';
import { createInteractionBook } from './approvals';
import { clarifyInteraction } from './clarify-interaction';

const CALL = {
  type: 'tool-call',
  id: 'c1',
  name: 'clarify',
  argumentsText: '{}',
  isArgumentsJson: true,
} as const;

function setup(timeoutMs = 60_000) {
  const shown: (PendingInteraction | null)[] = [];
  const statuses: string[] = [];
  const interactions = createInteractionBook({ announce: (pending) => shown.push(pending) });
  const { askPerson } = clarifyInteraction(
    CALL,
    { interactions, interactionTimeoutMs: timeoutMs, signal: new AbortController().signal },
    (status) => statuses.push(status),
  );
  return { shown, statuses, interactions, askPerson };
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
    expect(await reply).toEqual({ answer: 'M' });
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
});
