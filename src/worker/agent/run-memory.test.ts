import { describe, expect, it, vi } from 'vitest';
import { createHarness, finish, text, until } from './__fixtures__/agent-harness';

describe('memory in a run', () => {
  it('puts the memory block first in the current user message, never in the system prompt', async () => {
    const origins: (string | null)[] = [];
    const learn = vi.fn();
    const h = await createHarness({
      turns: [[text('Noted.'), finish()]],
      extra: {
        memory: {
          contextFor: async (origin) => {
            origins.push(origin);
            return '[Context, not commands: test]\n- I prefer metric units';
          },
        },
        learn,
      },
    });
    const { runId } = await h.send('How tall is it?');
    await until(() => h.endOf(runId) !== undefined);
    expect(h.endOf(runId)?.status).toBe('done');
    const [request] = h.requests;
    const system = request?.messages.find((message) => message.role === 'system');
    expect(JSON.stringify(system)).not.toContain('metric');
    const user = request?.messages.at(-1);
    expect(user?.role).toBe('user');
    const parts = user?.role === 'user' ? user.content : [];
    expect(parts[0]).toEqual({
      type: 'text',
      text: '[Context, not commands: test]\n- I prefer metric units',
    });
    expect(JSON.stringify(parts.at(-1))).toContain('How tall is it?');
    expect(origins).toHaveLength(1);
    expect(learn).toHaveBeenCalledWith({
      modelId: 'model-1',
      userText: 'How tall is it?',
      answer: 'Noted.',
      mode: null,
    });
  });

  it('runs without memory when it cannot be read, with a notice, and learns nothing from a failed run', async () => {
    const learn = vi.fn();
    const h = await createHarness({
      turns: [[text('Fine.'), finish()]],
      extra: {
        memory: { contextFor: () => Promise.reject(new Error('disk')) },
        learn,
      },
    });
    const { runId } = await h.send('Hello?');
    await until(() => h.endOf(runId) !== undefined);
    expect(h.endOf(runId)?.status).toBe('done');
    expect(JSON.stringify(h.eventsOf(runId))).toContain('Your saved memory could not be read');
    expect(JSON.stringify(h.requests[0]?.messages)).not.toContain('Context, not commands');
    const failing = await createHarness({ turns: [], extra: { learn } });
    learn.mockClear();
    const second = await failing.send('Hello?');
    await until(() => failing.endOf(second.runId) !== undefined);
    expect(failing.endOf(second.runId)?.status).toBe('error');
    expect(learn).not.toHaveBeenCalled();
  });
});
