import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { PendingInteraction } from '../../../shared/protocol/run-messages';
import { PendingView } from './pending-view';

const HOSTILE = '<img src=x onerror="window.__pwned=1">';
const PENDING: Extract<PendingInteraction, { kind: 'integration-form' }> = {
  kind: 'integration-form',
  callId: 'c1',
  name: 'mcp__Files_x__book',
  source: 'MCP Files',
  message: `Where to? ${HOSTILE}`,
  fields: [
    { name: 'city', title: 'City', description: HOSTILE, kind: 'string', required: true },
    {
      name: 'nights',
      title: 'Nights',
      description: '',
      kind: 'integer',
      required: false,
      defaultValue: 2,
    },
    {
      name: 'class',
      title: 'Class',
      description: '',
      kind: 'enum',
      required: false,
      options: ['eco', 'first'],
    },
    { name: 'breakfast', title: 'Breakfast', description: '', kind: 'boolean', required: false },
  ],
};

function mount(node: preact.ComponentChild) {
  const container = document.createElement('div');
  document.body.append(container);
  act(() => render(node, container));
  return container;
}

const type = (input: HTMLInputElement, value: string) =>
  act(() => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });

describe('IntegrationFormView', () => {
  it('says who asks, renders the server text as text, and answers with the filled-in values', () => {
    const onDecide = vi.fn();
    const container = mount(<PendingView pending={PENDING} busy={false} onDecide={onDecide} />);
    const form = container.querySelector('[data-testid="integration-form"]')!;
    expect(form.textContent).toContain('MCP Files is asking (the server, not Side Agent)');
    expect(form.textContent).toContain(HOSTILE);
    expect(form.querySelector('img')).toBeNull();
    const accept = form.querySelector<HTMLButtonElement>('[data-testid="form-accept"]')!;
    expect(accept.disabled).toBe(true);
    type(form.querySelector<HTMLInputElement>('#form-field-city')!, 'Oslo');
    expect(accept.disabled).toBe(false);
    act(() => accept.click());
    expect(onDecide).toHaveBeenCalledWith('accept', { city: 'Oslo', nights: 2, breakfast: false });
  });

  it('declines and cancels without content', () => {
    const onDecide = vi.fn();
    const container = mount(<PendingView pending={PENDING} busy={false} onDecide={onDecide} />);
    const buttons = [...container.querySelectorAll('button')];
    act(() => buttons.find((button) => button.textContent === 'Decline')!.click());
    act(() => buttons.find((button) => button.textContent === 'Cancel')!.click());
    expect(onDecide.mock.calls).toEqual([['decline'], ['cancel']]);
  });
});
