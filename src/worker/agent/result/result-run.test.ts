import { describe, expect, it } from 'vitest';
import type { AssistantTurn } from '../../../shared/protocol/chat-records';
import { parseResultFormat } from '../../../shared/result-format/parse-format';
import { doneJsonTool } from '../../../sites/web/worker/finish/done-json.tool';
import { doneTool } from '../../../sites/web/worker/finish/done.tool';
import { WEB_SCOPE, call, createHarness, finish, text, until } from '../__fixtures__/agent-harness';

const format = (() => {
  const parsed = parseResultFormat('[name, price:number]');
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.format;
})();

const finishWith = (id: string, data: unknown) =>
  call(id, 'done_json', { summary: 'Listed.', outcome: 'success', data });

async function answerOf(
  harness: Awaited<ReturnType<typeof createHarness>>,
  sessionId: string,
): Promise<AssistantTurn> {
  const session = await harness.chats.get(sessionId);
  const turn = [...(session?.turns ?? [])].reverse().find((entry) => entry.role === 'assistant');
  if (!turn || turn.role !== 'assistant') throw new Error('no answer');
  return turn;
}

const offeredNames = (request: unknown) =>
  ((request as { tools?: { name: string }[] }).tools ?? []).map((tool) => tool.name);

async function runWith(turns: Parameters<typeof createHarness>[0]['turns'], withFormat = true) {
  const harness = await createHarness({ scope: WEB_SCOPE, tools: [doneTool, doneJsonTool], turns });
  const sent = await harness.send(
    'List the kettles.',
    undefined,
    'ask',
    'ask',
    withFormat ? { resultFormat: format } : {},
  );
  await until(() => harness.endOf(sent.runId) !== undefined);
  return { harness, ...sent, answer: await answerOf(harness, sent.sessionId) };
}

describe('a run whose message asked for JSON', () => {
  it('tells the model the format, offers done_json, and keeps the accepted data on the answer', async () => {
    const data = [{ name: 'Steel kettle', price: 24.5 }];
    const { harness, runId, answer } = await runWith([
      [finishWith('c1', data), finish('tool_calls')],
      [text('One kettle.'), finish()],
    ]);
    expect(harness.endOf(runId)).toMatchObject({ status: 'done' });
    expect(offeredNames(harness.requests[0])).toEqual(['done_json']);
    expect(JSON.stringify(harness.requests[0])).toContain('additionalProperties');
    expect(JSON.parse(answer.result?.json ?? 'null')).toEqual(data);
  });

  it('ends the run in plain words after three tries with wrong data', async () => {
    const wrong = [{ name: 'Steel kettle', price: 'cheap' }];
    const { harness, runId, answer } = await runWith([
      [finishWith('c1', wrong), finish('tool_calls')],
      [finishWith('c2', wrong), finish('tool_calls')],
      [finishWith('c3', wrong), finish('tool_calls')],
      [text('never asked'), finish()],
    ]);
    expect(harness.endOf(runId)).toMatchObject({ error: { code: 'RESULT_GAVE_UP' } });
    expect(harness.requests).toHaveLength(3);
    expect(answer.result).toBeUndefined();
    expect(answer.error?.message).toContain('did not match your JSON format 3 times');
  });

  it('keeps a warning with an answer that came without the data', async () => {
    const { answer } = await runWith([[text('Here they are in words.'), finish()]]);
    expect(answer.notices).toEqual([expect.objectContaining({ code: 'RESULT_INVALID' })]);
  });

  it('without a format, finishes with done and never sees done_json', async () => {
    const { harness } = await runWith([[text('Plain.'), finish()]], false);
    expect(offeredNames(harness.requests[0])).toEqual([]);
    expect(JSON.stringify(harness.requests[0])).not.toContain('done_json');
  });
});
