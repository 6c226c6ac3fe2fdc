import { describe, expect, it, vi } from 'vitest';
import { createInteractionBook } from './approvals';
import { integrationInteraction } from './integration-interaction';
import type { ToolCallPart } from './turn';

const call = { id: 'c1', name: 'mcp__Files_x__book', argumentsText: '{}' } as ToolCallPart;

describe('integrationInteraction', () => {
  it('shows a form as the pending interaction and resolves with the content given', async () => {
    const announce = vi.fn();
    const interactions = createInteractionBook({ announce });
    const setStatus = vi.fn();
    const { askForm } = integrationInteraction(
      call,
      { interactions, interactionTimeoutMs: 5_000, signal: new AbortController().signal },
      setStatus,
    );
    const answer = askForm(
      {
        source: 'MCP Files',
        message: 'Where?',
        fields: [{ name: 'city', title: 'City', description: '', kind: 'string', required: true }],
      },
      new AbortController().signal,
    );
    expect(announce).toHaveBeenLastCalledWith(
      expect.objectContaining({ kind: 'integration-form', callId: 'c1', source: 'MCP Files' }),
    );
    expect(interactions.resolve('c1', 'approve-once')).toBe(false);
    expect(interactions.resolve('c1', 'accept', { city: 'Oslo' })).toBe(true);
    expect(await answer).toEqual({ action: 'accept', content: { city: 'Oslo' } });
    expect(announce).toHaveBeenLastCalledWith(null);
    expect(setStatus.mock.calls.map(([status]) => status)).toEqual([
      'awaiting-approval',
      'running',
    ]);
  });

  it('puts progress on the activity row and cancels the question on Stop', async () => {
    const interactions = createInteractionBook({ announce: () => undefined });
    const setStatus = vi.fn();
    const stop = new AbortController();
    const { progress, askForm } = integrationInteraction(
      call,
      { interactions, interactionTimeoutMs: 5_000, signal: stop.signal },
      setStatus,
    );
    progress({ progress: 3, total: 8, message: 'copying' });
    expect(setStatus).toHaveBeenLastCalledWith('running', 'Progress: 3 of 8 — copying');
    const answer = askForm(
      { source: 'MCP Files', message: '?', fields: [] },
      new AbortController().signal,
    );
    stop.abort();
    await expect(answer).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('asks for a sign-in with only Sign in and Skip, and times out as timeout', async () => {
    const announce = vi.fn();
    const interactions = createInteractionBook({ announce });
    const context = {
      interactions,
      interactionTimeoutMs: 5_000,
      signal: new AbortController().signal,
    };
    const { askSignIn } = integrationInteraction(call, context, vi.fn());
    const answer = askSignIn({ source: 'Files', message: 'Sign in, please.' }, context.signal);
    expect(announce).toHaveBeenLastCalledWith({
      kind: 'integration-sign-in',
      callId: 'c1',
      name: call.name,
      source: 'Files',
      message: 'Sign in, please.',
    });
    expect(interactions.resolve('c1', 'accept')).toBe(false);
    expect(interactions.resolve('c1', 'sign-in')).toBe(true);
    expect(await answer).toBe('sign-in');

    const quick = integrationInteraction(call, { ...context, interactionTimeoutMs: 10 }, vi.fn());
    expect(await quick.askSignIn({ source: 'Files', message: '?' }, context.signal)).toBe(
      'timeout',
    );
  });
});
