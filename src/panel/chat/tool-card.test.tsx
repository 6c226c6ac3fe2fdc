import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it } from 'vitest';
import type { ToolCallRecord } from '../../shared/protocol/chat-records';
import { ToolCard } from './tool-card';

const call = (overrides: Partial<ToolCallRecord>): ToolCallRecord => ({
  callId: 'c1',
  name: 'scroll_page',
  argumentsPreview: '{"direction":"down"}',
  argumentsChars: 20,
  status: 'failed',
  summary: '',
  ...overrides,
});

function shown(record: ToolCallRecord) {
  const container = document.createElement('div');
  act(() => render(<ToolCard call={record} />, container));
  const text = (id: string) => container.querySelector(`[data-testid="${id}"]`)?.textContent;
  const details = container.querySelector('details');
  return { container, text, details };
}

describe('ToolCard', () => {
  it('shows a call refused by the chat mode in plain words, with the code only behind Details', () => {
    const { text, details, container } = shown(
      call({
        errorCode: 'TOOL_NOT_IN_MODE',
        summary:
          'This chat is in Ask mode, where the agent only reads the page. To let it do this, choose Act under the message box.',
      }),
    );
    expect(text('tool-status')).toBe('Not done');
    expect(text('tool-refusal')).toContain('This chat is in Ask mode');
    // The code is there for whoever needs it, inside the closed Details only.
    expect(details?.open).toBe(false);
    expect(details?.querySelector('summary')?.textContent).toBe('Details');
    expect(details?.textContent).toContain('TOOL_NOT_IN_MODE');
    const outsideDetails = Array.from(container.querySelectorAll('.tool-card > :not(details)'))
      .map((element) => element.textContent)
      .join(' ');
    expect(outsideDetails).not.toContain('TOOL_NOT_IN_MODE');
  });

  it('shows an edit sent back for a syntax error as not done, in plain words', () => {
    const summary =
      'Sent back to the model: the edit would add 1 syntax error (line 2, column 10: unclosed delimiter). Nothing was shown or applied.';
    const { text, details } = shown(
      call({ name: 'replace_lines', errorCode: 'EDIT_SYNTAX_ERROR', summary }),
    );
    expect(text('tool-status')).toBe('Not done');
    expect(text('tool-refusal')).toBe(summary);
    expect(details?.textContent).toContain('EDIT_SYNTAX_ERROR');
  });

  it('keeps the status and code in the head for other failures', () => {
    const { text } = shown(
      call({ errorCode: 'TOOL_DENIED', status: 'denied', summary: 'TOOL_DENIED: no' }),
    );
    expect(text('tool-status')).toBe('Denied \u00b7 TOOL_DENIED');
    expect(text('tool-refusal')).toBeUndefined();
  });
});
