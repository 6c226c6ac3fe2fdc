import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { ProtocolError } from '../../shared/protocol/envelope';
import { ErrorSurroundingsContext, type ErrorSurroundings } from '../errors/error-surroundings';
import { Announcements, Announcer } from './announcer';
import { ErrorBanner } from './error-banner';

function shown(error: ProtocolError, surroundings: ErrorSurroundings = {}, onRetry?: () => void) {
  const container = document.createElement('div');
  act(() =>
    render(
      <ErrorSurroundingsContext.Provider value={surroundings}>
        <ErrorBanner error={error} onRetry={onRetry} />
      </ErrorSurroundingsContext.Provider>,
      container,
    ),
  );
  const outsideDetails = () => {
    const copy = container.cloneNode(true) as HTMLElement;
    copy.querySelector('details')?.remove();
    return copy.textContent;
  };
  return { container, outsideDetails };
}

describe('ErrorBanner', () => {
  it('says what happened and what to do, with Retry and Settings, and the code only in Details', () => {
    const retry = vi.fn();
    const openSettings = vi.fn();
    const { container, outsideDetails } = shown(
      { code: 'PROVIDER_NETWORK', message: 'Network error: Failed to fetch' },
      { modelHost: '127.0.0.1:11434', openSettings },
      retry,
    );
    expect(container.querySelector('[data-testid="error-text"]')?.textContent).toBe(
      'Can\u2019t reach the model at 127.0.0.1:11434 \u2014 is the model server (Ollama, LM Studio, llama.cpp) running?',
    );
    expect(outsideDetails()).not.toContain('PROVIDER_NETWORK');
    expect(outsideDetails()).not.toContain('Failed to fetch');
    const details = container.querySelector('details');
    expect(details?.open).toBe(false);
    expect(details?.textContent).toContain('PROVIDER_NETWORK');
    expect(details?.textContent).toContain('Network error: Failed to fetch');
    act(() => (container.querySelector('[data-testid="error-retry"]') as HTMLElement).click());
    act(() => (container.querySelector('[data-testid="error-settings"]') as HTMLElement).click());
    expect(retry).toHaveBeenCalledOnce();
    expect(openSettings).toHaveBeenCalledWith('models');
  });

  it('offers only the actions that help and the panel can do', () => {
    const { container } = shown({
      code: 'EDIT_REJECTED',
      message: 'The person rejected this edit.',
    });
    expect(container.querySelector('[data-testid="error-retry"]')).toBeNull();
    expect(container.querySelector('[data-testid="error-settings"]')).toBeNull();
    expect(container.textContent).not.toContain('EDIT_REJECTED\u00a0');
    const mcp = shown({ code: 'MCP_AUTH_REQUIRED', message: 'x' }, { openSettings: vi.fn() });
    expect(mcp.container.querySelector('[data-testid="error-settings"]')).not.toBeNull();
  });

  it('is not an alert itself, and keeps a huge message inside its scrolling box', () => {
    const { container } = shown({ code: 'PROVIDER_HTTP_ERROR', message: 'x'.repeat(50_000) });
    expect(container.querySelector('[role="alert"]')).toBeNull();
    const message = container.querySelector('[data-testid="error-message"]');
    expect(message?.tagName).toBe('PRE');
    expect(message?.closest('details')).not.toBeNull();
  });
});

describe('Announcements', () => {
  it('says each announcement once, in a fresh node, even the same words twice', () => {
    const source = new Announcer();
    const container = document.createElement('div');
    act(() => render(<Announcements source={source} />, container));
    const polite = container.querySelector('[data-testid="announce-polite"]');
    expect(polite?.getAttribute('role')).toBe('status');
    expect(polite?.textContent).toBe('');
    act(() => source.announce('Stopped.'));
    const first = polite?.firstElementChild;
    expect(polite?.textContent).toBe('Stopped.');
    act(() => source.announce('Stopped.'));
    expect(polite?.textContent).toBe('Stopped.');
    expect(polite?.firstElementChild).not.toBe(first);
    act(() => source.announce('Can\u2019t reach the model.', 'assertive'));
    expect(container.querySelector('[data-testid="announce-assertive"]')?.textContent).toBe(
      'Can\u2019t reach the model.',
    );
    expect(polite?.childElementCount).toBe(1);
  });
});
