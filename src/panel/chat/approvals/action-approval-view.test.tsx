import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { PendingInteraction } from '../../../shared/protocol/run-messages';
import { PendingView } from './pending-view';

const HOSTILE = '<img src=x onerror="window.__pwned=1">';
const PENDING: Extract<PendingInteraction, { kind: 'action-approval' }> = {
  kind: 'action-approval',
  callId: 'c1',
  name: 'click',
  effect: `Click 'Place order ${HOSTILE}' on shop.example \u2014 $129.00`,
  reason: 'It places an order or pays.',
  destination: 'https://attacker.example/?e=ada%40mail.example',
  allowRun: true,
  argumentsPreview: '{"ref":"e12"}',
};

function mount(pending: PendingInteraction = PENDING, busy = false) {
  const onDecide = vi.fn();
  const container = document.createElement('div');
  document.body.append(container);
  act(() => render(<PendingView pending={pending} busy={busy} onDecide={onDecide} />, container));
  return { container, onDecide };
}

const text = (container: HTMLElement, id: string) =>
  container.querySelector(`[data-testid="${id}"]`)?.textContent;

describe('the page action approval card', () => {
  it('says what will happen, why, and where it goes, as text', () => {
    const { container } = mount();
    expect(text(container, 'action-effect')).toBe(PENDING.effect);
    expect(text(container, 'action-reason')).toBe(PENDING.reason);
    expect(text(container, 'destination')).toBe(PENDING.destination);
    expect(container.querySelector('img')).toBeNull();
  });

  it('sends approve-once, allow-run and deny', () => {
    const { container, onDecide } = mount();
    for (const id of ['approve-once', 'allow-run', 'deny'])
      act(() => container.querySelector<HTMLButtonElement>(`[data-testid="${id}"]`)!.click());
    expect(onDecide.mock.calls).toEqual([['approve-once'], ['allow-run'], ['deny']]);
  });

  it('offers no Allow for this run when the action cannot be allowed for a run, and no address when it goes nowhere', () => {
    const { container } = mount({ ...PENDING, allowRun: false, destination: '' });
    expect(container.querySelector('[data-testid="allow-run"]')).toBeNull();
    expect(container.querySelector('[data-testid="destination"]')).toBeNull();
    expect([...container.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
      'Approve once',
      'Deny',
    ]);
  });

  it('shows the exact code a script carries as text, and no code block for other actions', () => {
    const code = `document.title = "${HOSTILE}";\nlocation.href`;
    const { container } = mount({ ...PENDING, name: 'execute_js', detail: code });
    expect(text(container, 'action-detail')).toBe(code);
    expect(container.querySelector('[data-testid="action-detail"]')?.tagName).toBe('PRE');
    expect(container.querySelector('img')).toBeNull();
    expect(mount().container.querySelector('[data-testid="action-detail"]')).toBeNull();
  });

  it('disables the answers while busy', () => {
    const { container } = mount(PENDING, true);
    expect([...container.querySelectorAll('button')].every((button) => button.disabled)).toBe(true);
  });
});
