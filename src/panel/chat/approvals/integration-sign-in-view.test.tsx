import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { PendingInteraction } from '../../../shared/protocol/run-messages';
import { PendingView } from './pending-view';

const HOSTILE = '<img src=x onerror="window.__pwned=1">';
const PENDING: Extract<PendingInteraction, { kind: 'integration-sign-in' }> = {
  kind: 'integration-sign-in',
  callId: 'c1',
  name: 'mcp__Files_x__whoami',
  source: `Files ${HOSTILE}`,
  message: `Files needs you to sign in. ${HOSTILE}`,
};

function mount(busy = false) {
  const onDecide = vi.fn();
  const container = document.createElement('div');
  document.body.append(container);
  act(() => render(<PendingView pending={PENDING} busy={busy} onDecide={onDecide} />, container));
  return { container, onDecide };
}

describe('the in-run sign-in card', () => {
  it('names the server on the button and sends sign-in or skip', () => {
    const { container, onDecide } = mount();
    const signIn = container.querySelector<HTMLButtonElement>('[data-testid="sign-in"]')!;
    expect(signIn.textContent).toBe(`Sign in to Files ${HOSTILE}`);
    act(() => signIn.click());
    act(() => container.querySelector<HTMLButtonElement>('[data-testid="skip"]')!.click());
    expect(onDecide.mock.calls).toEqual([['sign-in'], ['skip']]);
  });

  it('shows server text as text and disables both answers while busy', () => {
    const { container } = mount(true);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain(HOSTILE);
    const buttons = [...container.querySelectorAll('button')];
    expect(buttons).toHaveLength(2);
    expect(buttons.every((button) => button.disabled)).toBe(true);
  });
});
