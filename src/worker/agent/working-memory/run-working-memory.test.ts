// The run loop's working memory: tools offered by the long-task rule, the memory
// re-pinned (and surviving the in-run budget and the next turn's compaction), kept
// with the answer and shown in the panel only when it changed.
import { describe, expect, it, vi } from 'vitest';
import type { AssistantTurn, ChatTurn } from '../../../shared/protocol/chat-records';
import type { RunPlan } from '../../../shared/protocol/run-plan';
import { z } from '../../../shared/schema/zod';
import type { ModelMessage } from '../../providers/model-adapter';
import { defineTool } from '../../tools/define-tool';
import { createRunTools } from '../../tools/run-tool-policy';
import { createToolRegistry } from '../../tools/tool-registry';
import { fitRunMessages, OMITTED_TOOL_RESULT } from '../context-budget';
import { buildContext } from '../context-builder';
import { createTurnRecorder } from '../turn-recorder';
import { LONG_TASK_ROUND } from './long-task';
import { createRunWorkingMemory } from './run-working-memory';
import { createWorkingMemory } from './working-memory';

const PLAN: RunPlan = {
  summary: 'Check the orders.',
  steps: ['Read', 'Note'],
  risks: [],
  remember: [],
  scheduling: { fits: false, note: '' },
};
const tool = (name: string, offer?: 'long-task') =>
  defineTool({
    name,
    description: name,
    arguments: z.strictObject({}),
    effect: 'read',
    approval: 'automatic',
    ...(offer ? { offer } : {}),
    execute: async () => ({ ok: true, result: null, summary: '' }),
  });

function rig() {
  const registry = createToolRegistry([tool('read_page'), tool('progress_update', 'long-task')]);
  const runTools = createRunTools(registry, { siteId: 'web', mode: 'act', tier: 'full' });
  const memory = createWorkingMemory();
  const recorder = createTurnRecorder({ id: 't1', runId: 'r1', createdAt: 1 });
  const events = { memory: vi.fn(), notice: vi.fn() };
  const run = createRunWorkingMemory({ memory, recorder, events: events as never }, runTools);
  const messages: ModelMessage[] = [
    { role: 'system', text: 'sys' },
    { role: 'user', content: [{ type: 'text', text: 'Check the orders.' }] },
  ];
  return { run, memory, recorder, events, messages };
}
const names = (tools: readonly { name: string }[]) => tools.map((each) => each.name);
const userText = (message: ModelMessage | undefined) =>
  message?.role === 'user'
    ? message.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n')
    : '';

describe('the run working memory', () => {
  it('offers long-task tools only with a plan, memory, or from the long-task round', () => {
    const { run, memory } = rig();
    expect(names(run.tools(1))).toEqual(['read_page']);
    expect(names(run.tools(LONG_TASK_ROUND))).toEqual(['read_page', 'progress_update']);
    memory.setPlan(PLAN);
    expect(names(run.tools(1))).toEqual(['read_page', 'progress_update']);
  });

  it('pins, records and shows the memory only when it changed', () => {
    const { run, memory, recorder, events, messages } = rig();
    run.sync(messages, 2);
    expect(events.memory).not.toHaveBeenCalled();
    memory.setPlan(PLAN);
    memory.updateRows([{ id: 'A-1', status: 'pending' }]);
    run.sync(messages, 2);
    run.sync(messages, 2);
    expect(events.memory).toHaveBeenCalledTimes(1);
    expect(events.memory.mock.calls[0]?.[0]).toMatchObject({
      plan: PLAN,
      memory: { rows: [{ id: 'A-1' }] },
    });
    expect(recorder.snapshot().memory?.rows).toHaveLength(1);
    memory.writeScratchpad('Total: 10', 'append');
    run.sync(messages, 2);
    const pinned = userText(messages[1]);
    // One plan note and one memory note, the newest, after the person's words.
    expect(pinned.match(/\[Approved plan\]/g)).toHaveLength(1);
    expect(pinned.match(/\[Working memory\]/g)).toHaveLength(1);
    expect(pinned).toContain('Total: 10');
    expect(pinned.startsWith('Check the orders.')).toBe(true);
  });

  it('survives the in-run budget dropping old tool results', () => {
    const { run, memory, messages } = rig();
    memory.writeScratchpad('Keep: order A-1 is 10 EUR', 'append');
    run.sync(messages, 2);
    for (let round = 0; round < 10; round += 1)
      messages.push(
        {
          role: 'assistant',
          text: '',
          toolCalls: [{ id: `c${round}`, name: 'read_page', argumentsText: '{}' }],
        },
        {
          role: 'tool',
          callId: `c${round}`,
          toolName: 'read_page',
          content: 'p'.repeat(4_000),
        },
      );
    expect(fitRunMessages(messages, 2, 3_000)).toBeGreaterThan(0);
    expect(
      messages.some(
        (message) => message.role === 'tool' && message.content === OMITTED_TOOL_RESULT,
      ),
    ).toBe(true);
    expect(userText(messages[1])).toContain('Keep: order A-1 is 10 EUR');
  });

  it('tells the person which rows were left open when the run ends', () => {
    const { run, memory, events } = rig();
    run.atEnd();
    expect(events.notice).not.toHaveBeenCalled();
    memory.updateRows([
      { id: 'A-1', status: 'processed' },
      { id: 'A-2', status: 'acted' },
    ]);
    run.atEnd();
    expect(events.notice).toHaveBeenCalledWith(
      'warning',
      expect.stringContaining('1 checklist item not finished: A-2 (acted)'),
      'LEDGER_OPEN_AT_END',
    );
  });

  it('carries the saved memory into the next turn, past compaction', () => {
    const { memory, recorder } = rig();
    memory.updateRows([{ id: 'A-7', status: 'pending' }]);
    recorder.setMemory(memory.snapshot());
    const answer: AssistantTurn = { ...recorder.snapshot(), status: 'complete' };
    const user = (id: string, text: string): ChatTurn => ({
      id,
      role: 'user',
      createdAt: 1,
      text,
      attachments: [],
      file: null,
    });
    const filler = (id: string): ChatTurn =>
      ({
        ...answer,
        id,
        runId: `run-${id}`,
        memory: undefined,
        segments: [{ kind: 'text', text: 'w'.repeat(6_000) }],
      }) as ChatTurn;
    const turns: ChatTurn[] = [user('u0', 'Check the orders.'), answer];
    for (let index = 1; index < 8; index += 1)
      turns.push(user(`u${index}`, 'more'), filler(`a${index}`));
    turns.push(user('u9', 'Continue.'));
    const built = buildContext({
      sitePrompt: 'web',
      selectionLanguage: '',
      customSystemPrompt: '',
      turns,
      attachments: [],
      runFile: null,
      supportsVision: false,
      contextWindow: 8_000,
      historyTurnLimit: 400,
    });
    expect(built.compactedExchanges).toBeGreaterThan(0);
    expect(userText(built.messages.at(-1))).toContain('- A-7 [pending]');
  });
});
