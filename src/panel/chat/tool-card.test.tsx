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
  // What the row shows while closed: everything but the opened part.
  const closed = () => {
    const copy = container.cloneNode(true) as HTMLElement;
    copy.querySelector('[data-testid="activity-details"]')?.remove();
    return copy.textContent;
  };
  return { container, text, details, closed };
}

describe('ToolCard (activity row)', () => {
  it('shows what the call did in the tool\u2019s words, with its arguments and result inside', () => {
    const { text, details, closed, container } = shown(
      call({
        name: 'read_document',
        status: 'done',
        activity: 'Read the document, lines 1\u201320',
        argumentsPreview: '{"start_line":1,"end_line":20}',
        summary: 'Read lines 1\u201320 of 40.',
      }),
    );
    expect(text('activity-text')).toBe('Read the document, lines 1\u201320');
    expect(closed()).not.toContain('{');
    expect(closed()).not.toContain('read_document');
    expect(details?.open).toBe(false);
    expect(details?.textContent).toContain('read_document');
    expect(details?.textContent).toContain('{"start_line":1,"end_line":20}');
    expect(details?.textContent).toContain('Read lines 1\u201320 of 40.');
    const row = container.querySelector('li');
    expect(row?.getAttribute('aria-label')).toBe('Read the document, lines 1\u201320: Done');
    expect(container.querySelector('.activity-text')?.getAttribute('title')).toBe(
      'Read the document, lines 1\u201320',
    );
  });

  it('falls back to the tool\u2019s name in words, never raw JSON', () => {
    const { text, closed } = shown(call({ name: 'set_field', status: 'running' }));
    expect(text('activity-text')).toBe('Set field');
    expect(closed()).not.toContain('direction');
  });

  it('renders an activity line from a page as text, never as markup', () => {
    const { container, text } = shown(
      call({ status: 'done', activity: "Clicked '<img src=x onerror=alert(1)>'" }),
    );
    expect(container.querySelector('img')).toBeNull();
    expect(text('activity-text')).toBe("Clicked '<img src=x onerror=alert(1)>'");
  });

  it('shows a running call\u2019s progress on the row', () => {
    const { closed } = shown(call({ status: 'running', summary: 'Progress: 2 of 6' }));
    expect(closed()).toContain('Progress: 2 of 6');
  });

  it('says a call waits for the person, whatever it asks of them', () => {
    const { closed } = shown(
      call({ name: 'clarify', status: 'awaiting-approval', activity: 'Asking you: Which size?' }),
    );
    expect(closed()).toContain('Waiting for you');
    expect(closed()).not.toContain('approval');
  });

  it('says what went wrong in plain words and keeps the code and model text inside', () => {
    const { text, closed, details } = shown(
      call({
        status: 'denied',
        errorCode: 'TOOL_DENIED',
        summary: 'TOOL_DENIED: The person denied this call.',
      }),
    );
    expect(text('tool-status')).toBe('Denied');
    expect(text('tool-problem')).toBe('You denied this, so it was not done.');
    expect(closed()).not.toContain('TOOL_DENIED');
    expect(closed()).not.toContain('The person');
    expect(details?.querySelector('[data-testid="tool-error-code"]')?.textContent).toBe(
      'TOOL_DENIED',
    );
    expect(details?.textContent).toContain('The person denied this call.');
  });

  it('shows a call refused by the chat mode in plain words, with the code only inside', () => {
    const { text, details, closed, container } = shown(
      call({
        errorCode: 'TOOL_NOT_IN_MODE',
        summary:
          'This chat is in Ask mode, where the agent only reads the page. To let it do this, choose Act under the message box.',
      }),
    );
    expect(text('tool-status')).toBe('Not done');
    expect(text('tool-refusal')).toContain('This chat is in Ask mode');
    expect(details?.open).toBe(false);
    expect(details?.textContent).toContain('TOOL_NOT_IN_MODE');
    expect(closed()).not.toContain('TOOL_NOT_IN_MODE');
    // The reason is said once, below the row, not again as the opened row's result.
    const row = container.textContent ?? '';
    expect(row.split('This chat is in Ask mode')).toHaveLength(2);
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

  it('keeps an applied edit\u2019s receipt on the row', () => {
    const { closed } = shown(
      call({
        name: 'replace_lines',
        status: 'done',
        activity: 'Replaced lines 3\u20135 in main.typ',
        receipt: {
          checkpointId: 'cp',
          status: 'applied',
          fileLabel: 'main.typ',
          createdAt: 1,
          reviewedDiff: true,
        },
      }),
    );
    expect(closed()).toContain('Edit applied in main.typ (reviewed)');
  });
});
