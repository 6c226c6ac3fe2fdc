import { render } from 'preact';
import { describe, expect, it } from 'vitest';
import { TurnUsage, usageText } from './turn-usage';

describe('TurnUsage', () => {
  it('shows the tokens an answer spent, and whether they are estimated', () => {
    expect(usageText({ inputTokens: 1_200, outputTokens: 34, estimated: false })).toBe(
      '1,234 tokens',
    );
    expect(usageText({ inputTokens: 10, outputTokens: 5, estimated: true })).toBe(
      '15 tokens (estimated)',
    );
    const root = document.createElement('div');
    render(<TurnUsage usage={{ inputTokens: 800, outputTokens: 200, estimated: true }} />, root);
    const shown = root.querySelector('[data-testid="turn-usage"]');
    expect(shown?.textContent).toBe('1,000 tokens (estimated)');
    expect(shown?.getAttribute('title')).toMatch(/^800 in, 200 out; the provider did not report/);
  });

  it('adds the cost when the model has prices, rounded to cents or kept visible below one', () => {
    expect(
      usageText({ inputTokens: 12_000, outputTokens: 340, estimated: false, costUsd: 0.0412 }),
    ).toBe('12,340 tokens \u00b7 $0.04');
    expect(
      usageText({ inputTokens: 700, outputTokens: 100, estimated: true, costUsd: 0.0036 }),
    ).toBe('800 tokens (estimated) \u00b7 $0.0036');
    expect(usageText({ inputTokens: 7, outputTokens: 1, estimated: false, costUsd: 0 })).toBe(
      '8 tokens \u00b7 $0.00',
    );
  });

  it('shows nothing for an answer saved before usage was counted', () => {
    const root = document.createElement('div');
    render(<TurnUsage usage={undefined} />, root);
    expect(root.innerHTML).toBe('');
  });
});
