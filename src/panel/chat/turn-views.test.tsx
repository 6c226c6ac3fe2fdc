import { render } from 'preact';
import { act } from 'preact/test-utils';
import { expect, it } from 'vitest';
import type { AssistantTurn, UserTurn } from '../../shared/protocol/chat-records';
import { AssistantTurnView, UserTurnView, answerText } from './turn-views';

it('shows user text as text and a died run as interrupted with its partial output', () => {
  const container = document.createElement('div');
  const user: UserTurn = {
    id: 'u',
    role: 'user',
    createdAt: 1,
    text: '<script>window.__x=1</script>',
    file: null,
    attachments: [
      {
        kind: 'image',
        source: 'preview',
        thumbnail: null,
        omittedReason: 'r',
        width: 1,
        height: 1,
      },
    ],
  };
  const turn: AssistantTurn = {
    id: 'a',
    role: 'assistant',
    createdAt: 1,
    runId: 'r',
    status: 'interrupted',
    segments: [{ kind: 'text', text: 'partial *answer*' }],
  };
  act(() =>
    render(
      <div>
        <UserTurnView turn={user} />
        <AssistantTurnView turn={turn} />
      </div>,
      container,
    ),
  );
  expect(container.querySelector('script')).toBeNull();
  expect(container.querySelector('.turn-text')?.textContent).toBe('<script>window.__x=1</script>');
  expect(container.querySelector('[data-testid="turn-note"]')?.textContent).toContain(
    'Interrupted',
  );
  expect(container.querySelector('em')?.textContent).toBe('answer');
  expect(answerText(turn)).toBe('partial *answer*');
});

// Regression: a stored turn with tool calls used to render its tool cards with a
// nested Preact render() inside the component's render (useMemo), which reset the
// hooks' current component and threw on the next hook: the transcript broke as soon
// as a run with a tool call ended (e.g. after Apply in the diff review).
it('shows a stored turn with tool calls, and its tool cards', () => {
  const container = document.createElement('div');
  const turn: AssistantTurn = {
    id: 'a',
    role: 'assistant',
    createdAt: 1,
    runId: 'r',
    status: 'complete',
    segments: [
      { kind: 'text', text: 'I will fix line 1.' },
      {
        kind: 'tools',
        calls: [
          {
            callId: 'c1',
            name: 'replace_lines',
            argumentsPreview: '{"start_line":1}',
            argumentsChars: 16,
            status: 'done',
            summary: 'Applied',
          },
        ],
      },
      { kind: 'text', text: 'Done: line 1 is fixed.' },
    ],
  };
  act(() => render(<AssistantTurnView turn={turn} />, container));
  expect(container.textContent).toContain('replace_lines');
  expect(container.textContent).toContain('Done: line 1 is fixed.');
  act(() => render(null, container));
});

it('keeps what the run told the person with the stored answer, as text', () => {
  const container = document.createElement('div');
  const turn: AssistantTurn = {
    id: 'a',
    role: 'assistant',
    createdAt: 1,
    runId: 'r',
    status: 'complete',
    segments: [{ kind: 'text', text: 'Found it.' }],
    notices: [
      {
        level: 'warning',
        message: 'The model said this conversation is too long for it <b>x</b>',
        code: 'CONTEXT_EMERGENCY_TRIM',
      },
    ],
  };
  act(() => render(<AssistantTurnView turn={turn} />, container));
  const notice = container.querySelector('[data-testid="turn-notice"]');
  expect(notice?.getAttribute('data-code')).toBe('CONTEXT_EMERGENCY_TRIM');
  expect(notice?.textContent).toBe('The model said this conversation is too long for it <b>x</b>');
  expect(container.querySelector('b')).toBeNull();
});
