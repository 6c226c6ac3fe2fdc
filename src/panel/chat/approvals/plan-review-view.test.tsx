import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { PendingInteraction } from '../../../shared/protocol/run-messages';
import { PendingView } from './pending-view';

const HOSTILE = '<img src=x onerror="window.__pwned=1">';
const PENDING: Extract<PendingInteraction, { kind: 'plan-review' }> = {
  kind: 'plan-review',
  callId: 'plan-review',
  name: 'plan',
  plan: {
    summary: `Buy the mug ${HOSTILE}`,
    steps: ['Open the product page', 'Press Add to cart'],
    risks: ['The cart may hold another mug'],
    remember: ['Price 12 EUR'],
    scheduling: { fits: false, note: '' },
  },
  droppedSteps: 0,
  repaired: false,
};

function mount(pending: PendingInteraction = PENDING, busy = false) {
  const onDecide = vi.fn();
  const container = document.createElement('div');
  document.body.append(container);
  act(() => render(<PendingView pending={pending} busy={busy} onDecide={onDecide} />, container));
  return { container, onDecide };
}

const byTestId = <T extends HTMLElement>(container: HTMLElement, id: string) =>
  container.querySelector<T>(`[data-testid="${id}"]`)!;

function typeInto(input: HTMLTextAreaElement, value: string) {
  act(() => {
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('the plan review card', () => {
  it('shows the plan as text with labelled, editable steps', () => {
    const { container } = mount();
    expect(byTestId(container, 'plan-summary').textContent).toBe(PENDING.plan.summary);
    expect(container.querySelector('img')).toBeNull();
    const section = byTestId(container, 'plan-review');
    const heading = container.querySelector(
      `#${CSS.escape(section.getAttribute('aria-labelledby') ?? '')}`,
    );
    expect(heading?.textContent).toBe('Plan before acting');
    const inputs = [...container.querySelectorAll<HTMLTextAreaElement>('.plan-step textarea')];
    expect(inputs.map((input) => [input.value, input.getAttribute('aria-label')])).toEqual([
      ['Open the product page', 'Step 1'],
      ['Press Add to cart', 'Step 2'],
    ]);
    expect(container.textContent).toContain('The cart may hold another mug');
    expect(container.textContent).toContain('Price 12 EUR');
  });

  it('approves the steps as edited, with added steps and without removed or blank ones', () => {
    const { container, onDecide } = mount();
    typeInto(byTestId(container, 'plan-step-0'), '  Open the blue mug  ');
    act(() => byTestId(container, 'plan-add-step').click());
    typeInto(byTestId(container, 'plan-step-2'), 'Check the cart total');
    act(() => byTestId(container, 'plan-add-step').click());
    act(() => container.querySelector<HTMLButtonElement>('[aria-label="Remove step 2"]')!.click());
    act(() => byTestId(container, 'plan-approve').click());
    expect(onDecide).toHaveBeenCalledWith('accept', undefined, {
      ...PENDING.plan,
      steps: ['Open the blue mug', 'Check the cart total'],
    });
  });

  it('approves with Enter in a step field and rejects with Reject', () => {
    const { container, onDecide } = mount();
    // Enter that ends an input method's composition is part of typing, not an answer.
    act(() => {
      byTestId(container, 'plan-step-1').dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true }),
      );
    });
    expect(onDecide).not.toHaveBeenCalled();
    act(() => {
      byTestId(container, 'plan-step-1').dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }),
      );
    });
    act(() => byTestId(container, 'plan-reject').click());
    expect(onDecide.mock.calls).toEqual([['accept', undefined, PENDING.plan], ['reject']]);
  });

  it('will not approve a plan without steps and says what to do', () => {
    const { container, onDecide } = mount({
      ...PENDING,
      plan: { ...PENDING.plan, steps: ['Only step'] },
    });
    typeInto(byTestId(container, 'plan-step-0'), '   ');
    expect(byTestId<HTMLButtonElement>(container, 'plan-approve').disabled).toBe(true);
    expect(container.querySelector('[role="alert"]')?.textContent).toContain(
      'Add at least one step',
    );
    act(() => byTestId(container, 'plan-approve').click());
    expect(onDecide).not.toHaveBeenCalled();
  });

  it('says when the plan is a second try or was shortened, and disables everything while busy', () => {
    const { container } = mount({ ...PENDING, repaired: true, droppedSteps: 480 }, true);
    expect(container.textContent).toContain('this is its second try');
    expect(container.textContent).toContain('480 more steps; only the first 20 are shown');
    const controls = [
      ...container.querySelectorAll<HTMLButtonElement | HTMLTextAreaElement>('button, textarea'),
    ];
    expect(controls.every((control) => control.disabled)).toBe(true);
  });
});
