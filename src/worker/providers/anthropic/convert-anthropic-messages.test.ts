import { describe, expect, it } from 'vitest';
import { convertAnthropicMessages } from './convert-anthropic-messages';

describe('convertAnthropicMessages', () => {
  it('sends images as base64 image blocks beside the text of the same message', () => {
    const { system, messages } = convertAnthropicMessages([
      { role: 'system', text: 'Be brief.' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is on the page?' },
          { type: 'image', mediaType: 'image/png', base64: 'iVBORw0KGgo=' },
        ],
      },
    ]);
    expect(system).toBe('Be brief.');
    expect(messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'text', text: 'What is on the page?' },
          {
            type: 'image',
            source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' },
          },
        ],
      },
    ]);
  });

  it('turns tool calls into tool_use and their results into tool_result in the next user message', () => {
    const { messages } = convertAnthropicMessages([
      { role: 'user', content: [{ type: 'text', text: 'Read it.' }] },
      {
        role: 'assistant',
        text: '',
        toolCalls: [{ id: 'c1', name: 'read_page', argumentsText: '{"mode":"text"}' }],
      },
      { role: 'tool', callId: 'c1', toolName: 'read_page', content: 'The page text' },
      { role: 'system', text: 'Later note.' },
    ]);
    expect(messages[1]).toEqual({
      role: 'assistant',
      content: [{ type: 'tool_use', id: 'c1', name: 'read_page', input: { mode: 'text' } }],
    });
    expect(messages[2]).toEqual({
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'c1', content: 'The page text' },
        { type: 'text', text: '[System note]\nLater note.' },
      ],
    });
  });
});
