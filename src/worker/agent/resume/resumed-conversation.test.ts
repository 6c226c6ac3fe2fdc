import { describe, expect, it } from 'vitest';
import type { AssistantTurn, ToolCallRecord } from '../../../shared/protocol/chat-records';
import { resumedConversation, UNKNOWN_OUTCOME_TEXT } from './resumed-conversation';

const record = (
  callId: string,
  status: ToolCallRecord['status'],
  summary = '',
): ToolCallRecord => ({
  callId,
  name: `tool_${callId}`,
  argumentsPreview: `{"n":"${callId}"}`,
  argumentsChars: 10,
  status,
  summary,
});

const turn = (segments: AssistantTurn['segments']): AssistantTurn => ({
  id: 'a1',
  role: 'assistant',
  createdAt: 1,
  runId: 'r1',
  status: 'incomplete',
  segments,
});

describe('the resumed conversation', () => {
  it('gives the model each round: its calls and their recorded results', () => {
    const { messages } = resumedConversation(
      turn([
        { kind: 'text', text: 'Looking.' },
        { kind: 'tools', calls: [record('c1', 'done', 'Read the cart: 2 items')] },
        { kind: 'tools', calls: [record('c2', 'failed', 'No such button')] },
      ]),
    );
    expect(messages).toEqual([
      {
        role: 'assistant',
        text: 'Looking.',
        toolCalls: [{ id: 'c1', name: 'tool_c1', argumentsText: '{"n":"c1"}' }],
      },
      { role: 'tool', callId: 'c1', toolName: 'tool_c1', content: 'Read the cart: 2 items' },
      {
        role: 'assistant',
        text: '',
        toolCalls: [{ id: 'c2', name: 'tool_c2', argumentsText: '{"n":"c2"}' }],
      },
      {
        role: 'tool',
        callId: 'c2',
        toolName: 'tool_c2',
        content: 'failed: No such button',
        isError: true,
      },
    ]);
  });

  it('tells the model a call sent without a result has an unknown outcome, never re-runs it', () => {
    const { messages, turn: settled } = resumedConversation(
      turn([{ kind: 'tools', calls: [record('c1', 'done', 'ok'), record('c2', 'running')] }]),
    );
    expect(messages.at(-1)).toEqual({
      role: 'tool',
      callId: 'c2',
      toolName: 'tool_c2',
      content: UNKNOWN_OUTCOME_TEXT,
      isError: true,
    });
    expect(UNKNOWN_OUTCOME_TEXT).toMatch(/worker restarted during this action/);
    const calls = settled.segments[0]?.kind === 'tools' ? settled.segments[0].calls : [];
    expect(calls.map((call) => [call.status, call.errorCode])).toEqual([
      ['done', undefined],
      ['failed', 'RUN_RESUMED_UNKNOWN_OUTCOME'],
    ]);
  });

  it('says a call that waited for the person was most likely not done, and settles its card', () => {
    const { messages, turn: settled } = resumedConversation(
      turn([
        { kind: 'tools', calls: [record('c1', 'awaiting-approval'), record('c2', 'waiting')] },
      ]),
    );
    const results = messages.filter((message) => message.role === 'tool');
    expect(results.map((message) => message.role === 'tool' && message.content)).toEqual([
      expect.stringMatching(/^Most likely not done: .*they will be asked again/),
      expect.stringMatching(/^Most likely not done/),
    ]);
    const calls = settled.segments[0]?.kind === 'tools' ? settled.segments[0].calls : [];
    expect(calls.map((call) => call.status)).toEqual(['skipped', 'skipped']);
  });

  it('keeps text of an unfinished model call in the turn but out of the conversation', () => {
    const stored = turn([
      { kind: 'tools', calls: [record('c1', 'done', 'ok')] },
      { kind: 'text', text: 'Half a sent' },
    ]);
    const { messages, turn: settled } = resumedConversation(stored);
    expect(messages).toHaveLength(2);
    expect(settled.segments.at(-1)).toEqual({ kind: 'text', text: 'Half a sent' });
    expect(stored.segments[0]).toEqual({ kind: 'tools', calls: [record('c1', 'done', 'ok')] });
  });
});
