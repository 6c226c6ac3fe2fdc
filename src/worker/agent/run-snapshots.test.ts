import { describe, expect, it } from 'vitest';
import { createHarness, text, until } from './__fixtures__/agent-harness';

/** Recovery hooks that record which of them a run called. */
function recordingRecovery() {
  const calls: string[] = [];
  return {
    calls,
    recovery: {
      atStart: async () => void calls.push('start'),
      afterComplete: async () => void calls.push('complete'),
    },
  };
}

describe('automatic snapshots around runs', () => {
  it('are not taken after a failed response', async () => {
    const { calls, recovery } = recordingRecovery();
    // No scripted turn: the provider answers with an error.
    const h = await createHarness({ turns: [], extra: { recovery } });
    const { runId } = await h.send('Fix the intro.');
    await h.agent.idle();
    expect(h.endOf(runId)?.status).toBe('error');
    expect(calls).toEqual(['start']);
  });

  it('are not taken after a stopped response', async () => {
    const { calls, recovery } = recordingRecovery();
    let streaming = false;
    const h = await createHarness({
      turns: [
        async function* (_request, signal) {
          yield text('Working');
          streaming = true;
          await new Promise((resolve) => signal.addEventListener('abort', resolve));
        },
      ],
      extra: { recovery },
    });
    const { runId } = await h.send('Fix the intro.');
    await until(() => streaming);
    h.agent.cancel(runId);
    await h.agent.idle();
    expect(h.endOf(runId)?.status).toBe('cancelled');
    expect(calls).toEqual(['start']);
  });
});
