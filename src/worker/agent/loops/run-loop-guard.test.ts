// Loop detection through real runs of the agent core: a model that repeats the same
// failing call is told so in Side Agent's words after the third, and the run ends
// with what repeated; a model that changes course after the note is left alone.
import { describe, expect, it } from 'vitest';
import type { ModelRequest, StreamPart } from '../../providers/model-adapter';
import { call, createHarness, finish, testTool, text } from '../__fixtures__/agent-harness';

const LOOP_NOTE = '[Side Agent loop check]';

/** A model that calls `name` with the same arguments every round, with fresh call ids. */
const sameCallEveryRound = (name: string) =>
  async function* (request: ModelRequest): AsyncIterable<StreamPart> {
    const round = request.messages.filter((message) => message.role === 'assistant').length;
    yield call(`c${round}`, name, { value: 'same' });
    yield finish('tool_calls');
  };

const notesIn = (request: ModelRequest | undefined) =>
  (request?.messages ?? []).flatMap((message) =>
    message.role === 'user'
      ? message.content.flatMap((part) =>
          part.type === 'text' && part.text.startsWith(LOOP_NOTE) ? [part.text] : [],
        )
      : [],
  );

describe('loop detection in runs', () => {
  it('nudges after the third identical call and ends the run at the eighth nudge, saying what repeated', async () => {
    const calls: string[] = [];
    const h = await createHarness({
      tools: [testTool('read_document', 'read', async () => (calls.push('read'), { same: true }))],
      turns: [sameCallEveryRound('read_document')],
      repeatLast: true,
    });
    const { runId } = await h.send('Read it.');
    await h.agent.idle();
    const end = h.endOf(runId) as { status: string; error?: { code: string; message: string } };
    expect(end.status).toBe('error');
    expect(end.error?.code).toBe('RUN_LOOP_STOPPED');
    expect(end.error?.message).toContain('the agent was repeating itself');
    expect(end.error?.message).toContain('read_document {"value":"same"}');
    // Three calls before the first note; the stop comes at the eighth nudge (call 10).
    expect(calls).toHaveLength(10);
    expect(notesIn(h.requests[2])).toEqual([]);
    expect(notesIn(h.requests[3])).toHaveLength(1);
    expect(notesIn(h.requests[3])[0]).toContain('try a different element or approach');
    expect(h.requests).toHaveLength(10);
  });

  it('leaves a model alone that changes course after the note', async () => {
    const h = await createHarness({
      tools: [testTool('read_document', 'read'), testTool('read_diagnostics', 'read')],
      turns: [
        [call('c1', 'read_document', {}), finish('tool_calls')],
        [call('c2', 'read_document', {}), finish('tool_calls')],
        [call('c3', 'read_document', {}), finish('tool_calls')],
        [call('c4', 'read_diagnostics', {}), finish('tool_calls')],
        [text('No errors.'), finish()],
      ],
    });
    const { runId } = await h.send('Check it.');
    await h.agent.idle();
    expect(h.endOf(runId)?.status).toBe('done');
    expect(notesIn(h.requests[3])).toHaveLength(1);
    // The note stays in the conversation; the healthy call adds no second one.
    expect(notesIn(h.requests[4])).toHaveLength(1);
  });
});

describe('what counts as the same outcome', () => {
  it('is the same answer, not only the same success: a read that returns a longer list each time is progress', async () => {
    let round = 0;
    const h = await createHarness({
      tools: [testTool('read_document', 'read', async () => ({ lines: (round += 1) }))],
      turns: [sameCallEveryRound('read_document')],
      repeatLast: true,
    });
    const { runId } = await h.send('Read it.');
    await h.agent.idle();
    // It runs on to the step cap, never told it is looping.
    expect(h.endOf(runId)?.error?.code).toBe('STEP_LIMIT_REACHED');
    expect(h.requests.flatMap(notesIn)).toEqual([]);
  });
});
