import { describe, expect, it, vi } from 'vitest';
import { PendingInteractionSchema } from '../../shared/protocol/run-messages';
import { approveAction } from './action-approval';
import { createInteractionBook } from './approvals';

const call = { id: 'c1', name: 'execute_js', argumentsText: '{"code":"1"}' };
const review = {
  ask: true as const,
  effect: 'Run a script on shop.example: document.title',
  reason: 'A script can read and change anything on the page, so it always asks.',
  destination: '',
  grantKey: null,
};

function harness() {
  const announce = vi.fn();
  const interactions = createInteractionBook({ announce });
  const context = {
    runGrants: new Set<string>(),
    signal: new AbortController().signal,
    interactions,
    interactionTimeoutMs: 5_000,
  };
  return { announce, interactions, context };
}

describe('approveAction', () => {
  it("shows the review's exact text on the card, bounded, and runs once approved", async () => {
    const { announce, interactions, context } = harness();
    const code = `${'x'.repeat(20_000)}`;
    const answer = approveAction(call, { ...review, detail: code }, context);
    const pending = announce.mock.calls[0]![0];
    expect(pending).toMatchObject({ kind: 'action-approval', allowRun: false });
    expect(pending.detail.length).toBeLessThanOrEqual(10_000);
    expect(pending.detail.startsWith('xxxx')).toBe(true);
    expect(PendingInteractionSchema.safeParse(pending).success).toBe(true);
    expect(interactions.resolve('c1', 'allow-run')).toBe(false);
    expect(interactions.resolve('c1', 'approve-once')).toBe(true);
    expect(await answer).toBeNull();
  });

  it('leaves the detail out when the review has none, and a denial reaches the model as TOOL_DENIED', async () => {
    const { announce, interactions, context } = harness();
    const answer = approveAction(call, review, context);
    expect(announce.mock.calls[0]![0]).not.toHaveProperty('detail');
    interactions.resolve('c1', 'deny');
    expect(await answer).toMatchObject({ ok: false, code: 'TOOL_DENIED' });
  });
});
