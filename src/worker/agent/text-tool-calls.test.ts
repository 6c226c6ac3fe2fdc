import { describe, expect, it } from 'vitest';
import { CALL_REPLIES, TEXT_REPLIES, TOOLS } from './__fixtures__/text-tool-call-samples';
import { recoverTextToolCalls } from './text-tool-calls';
import { expectRecoveredCalls } from './__fixtures__/expect-recovered';

describe('recoverTextToolCalls', () => {
  it.each(CALL_REPLIES)('turns a $family reply into calls', ({ reply, calls, rest }) => {
    expectRecoveredCalls(reply, TOOLS, 'text-1', calls, rest);
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
