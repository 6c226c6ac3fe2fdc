import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { ApiWrites } from '../../shared/protocol/chat-records';
import { ApiWritesLine } from './api-writes-line';

function mount(apiWrites: ApiWrites | undefined) {
  const onRevoke = vi.fn();
  const container = document.createElement('div');
  document.body.append(container);
  act(() => render(<ApiWritesLine apiWrites={apiWrites} onRevoke={onRevoke} />, container));
  return { container, onRevoke };
}

describe('the chat’s network-writes line', () => {
  it('names the allowed sites and takes the leave back on its button', () => {
    const { container, onRevoke } = mount({ origins: ['https://api.example.com'] });
    const chip = container.querySelector('[data-testid="api-writes-chip"]');
    expect(chip?.textContent).toContain('Network writes allowed in this chat: api.example.com');
    act(() => chip?.querySelector('button')?.click());
    expect(onRevoke).toHaveBeenCalledTimes(1);
  });

  it('says any site for a leave without sites, and shows nothing without a leave', () => {
    expect(mount({ origins: [] }).container.textContent).toContain('any site');
    expect(mount(undefined).container.innerHTML).toBe('');
  });
});
