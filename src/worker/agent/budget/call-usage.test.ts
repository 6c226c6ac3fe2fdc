import { describe, expect, it } from 'vitest';
import { addTokens, describeTokens, totalOf, usageOfCall } from './call-usage';

const messages = [
  { role: 'user' as const, content: [{ type: 'text' as const, text: 'x'.repeat(400) }] },
];

describe('usageOfCall', () => {
  it("takes the provider's figures when it reports both", () => {
    const usage = usageOfCall(
      { inputTokens: 120, outputTokens: 30 },
      { messages, outputText: 'hi' },
    );
    expect(usage).toEqual({ inputTokens: 120, outputTokens: 30, estimated: false });
  });

  it('estimates from characters when the provider reports nothing, and says so', () => {
    const usage = usageOfCall(null, {
      messages,
      toolsText: 'y'.repeat(80),
      outputText: 'z'.repeat(40),
    });
    // 400 characters of text plus the message overhead, 80 characters of tools; 40 out.
    expect(usage.inputTokens).toBe(100 + 4 + 20);
    expect(usage.outputTokens).toBe(10);
    expect(usage.estimated).toBe(true);
    expect(describeTokens(usage)).toMatch(/estimated/);
  });

  it('estimates only the half a provider left out', () => {
    const usage = usageOfCall({ inputTokens: 500 }, { messages, outputText: 'z'.repeat(8) });
    expect(usage).toEqual({ inputTokens: 500, outputTokens: 2, estimated: true });
  });
});

describe('sums', () => {
  it('adds calls and keeps the estimated mark once any part is a guess', () => {
    const sum = addTokens(
      { inputTokens: 10, outputTokens: 5, estimated: false },
      { inputTokens: 1, outputTokens: 2, estimated: true },
    );
    expect(sum).toEqual({ inputTokens: 11, outputTokens: 7, estimated: true });
    expect(totalOf(sum)).toBe(18);
    expect(describeTokens({ inputTokens: 1200, outputTokens: 34, estimated: false })).toBe(
      '1,234 tokens (1,200 in, 34 out)',
    );
  });
});
