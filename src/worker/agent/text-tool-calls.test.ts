import { describe, expect, it } from 'vitest';
import { CALL_REPLIES, TEXT_REPLIES, TOOLS } from './__fixtures__/text-tool-call-samples';
import { recoverTextToolCalls } from './text-tool-calls';

describe('recoverTextToolCalls', () => {
  it.each(CALL_REPLIES)('turns a $family reply into calls', ({ reply, calls, rest }) => {
    const recovered = recoverTextToolCalls(reply, TOOLS, 'text-1');
    expect(
      recovered?.calls.map((call) => ({
        name: call.name,
        arguments: JSON.parse(call.argumentsText),
      })),
    ).toEqual(calls);
    expect(recovered?.calls.map((call) => call.id)).toEqual(
      calls.map((_, index) => `text-1-${index + 1}`),
    );
    expect(recovered?.text).toBe(rest ?? '');
  });

  it.each(TEXT_REPLIES)('leaves $why as text', ({ reply }) => {
    expect(recoverTextToolCalls(reply, TOOLS, 'text-1')).toBeNull();
  });

  it('offers nothing when the run offers no tools, and ignores very long replies', () => {
    expect(recoverTextToolCalls(CALL_REPLIES[0]?.reply ?? '', [], 'x')).toBeNull();
    const long = `${'word '.repeat(14_000)}<tool_call>{"name": "click", "arguments": {"ref": "e1"}}</tool_call>`;
    expect(recoverTextToolCalls(long, TOOLS, 'x')).toBeNull();
  });
});
