import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { PendingInteraction } from '../../../shared/protocol/run-messages';
import { ClarifyView } from './clarify-view';

const PENDING: Extract<PendingInteraction, { kind: 'clarify' }> = {
  kind: 'clarify',
  callId: 'c1',
  name: 'clarify',
  question: 'Which size? <b>M</b>',
  options: ['S', 'M'],
};

function shown(onDecide = vi.fn(), pending = PENDING) {
  const container = document.createElement('div');
  document.body.append(container);
  act(() => render(<ClarifyView pending={pending} busy={false} onDecide={onDecide} />, container));
  const q = (id: string) => container.querySelector(`[data-testid="${id}"]`) as HTMLElement;
  return { container, onDecide, q };
}

describe('ClarifyView', () => {
  it('shows the question as text and answers with the option clicked', () => {
    const { container, onDecide, q } = shown();
    expect(q('clarify-question').textContent).toBe('Which size? <b>M</b>');
    expect(container.querySelector('b')).toBeNull();
    const options = container.querySelectorAll<HTMLButtonElement>('[data-testid="clarify-option"]');
    expect([...options].map((button) => button.textContent)).toEqual(['S', 'M']);
    act(() => options[1]?.click());
    expect(onDecide).toHaveBeenCalledWith('accept', { answer: 'M' });
  });

  it('sends the person’s own words, only when there are some, and can be dismissed', () => {
    const { onDecide, q, container } = shown();
    const send = q('clarify-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    const field = q('clarify-answer') as HTMLTextAreaElement;
    expect(container.querySelector(`label[for="${field.id}"]`)?.textContent).toBe(
      'Or answer in your own words',
    );
    act(() => {
      field.value = ' size M, but slim fit ';
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
    act(() => send.click());
    expect(onDecide).toHaveBeenCalledWith('accept', { answer: 'size M, but slim fit' });
    act(() => (q('clarify-dismiss') as HTMLButtonElement).click());
    expect(onDecide).toHaveBeenLastCalledWith('cancel');
  });
});
