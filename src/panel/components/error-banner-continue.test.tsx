import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import type { ProtocolError } from '../../shared/protocol/envelope';
import { ErrorSurroundingsContext } from '../errors/error-surroundings';
import { ErrorBanner } from './error-banner';

function shown(error: ProtocolError, onContinue?: () => void) {
  const container = document.createElement('div');
  const openSettings = vi.fn();
  act(() =>
    render(
      <ErrorSurroundingsContext.Provider value={{ openSettings }}>
        <ErrorBanner error={error} onRetry={() => undefined} onContinue={onContinue} />
      </ErrorSurroundingsContext.Provider>,
      container,
    ),
  );
  return { container, openSettings };
}

describe('ErrorBanner for a paused answer', () => {
  it.each([
    'STEP_LIMIT_REACHED',
    'BUDGET_RUN_REACHED',
    'BUDGET_DAY_REACHED',
    'BUDGET_RUN_COST_REACHED',
    'BUDGET_DAY_COST_REACHED',
  ] as const)('offers Continue and Settings → Agent for %s', (code) => {
    const onContinue = vi.fn();
    const { container, openSettings } = shown({ code, message: 'paused' }, onContinue);
    expect(container.querySelector('[data-testid="error-text"]')?.textContent).toMatch(
      /Continue|continue/,
    );
    act(() =>
      container.querySelector<HTMLButtonElement>('[data-testid="error-continue"]')!.click(),
    );
    expect(onContinue).toHaveBeenCalledTimes(1);
    act(() =>
      container.querySelector<HTMLButtonElement>('[data-testid="error-settings"]')!.click(),
    );
    expect(openSettings).toHaveBeenCalledWith('agent');
  });

  it.each([
    ['BUDGET_RUN_COST_REACHED', 'This response reached its cost limit of $0.05'],
    ['BUDGET_DAY_COST_REACHED', "Today's cost limit of $0.05 (Settings"],
  ] as const)('names the dollar limit of %s', (code, words) => {
    const { container } = shown({ code, message: 'paused', details: { limit: 0.05, spent: 0.06 } });
    expect(container.querySelector('[data-testid="error-text"]')?.textContent).toContain(words);
  });

  it('offers no Continue for an error that cannot go on, nor without a way to continue', () => {
    expect(
      shown({ code: 'PROVIDER_NETWORK', message: 'x' }, vi.fn()).container.querySelector(
        '[data-testid="error-continue"]',
      ),
    ).toBeNull();
    expect(
      shown({ code: 'STEP_LIMIT_REACHED', message: 'x' }).container.querySelector(
        '[data-testid="error-continue"]',
      ),
    ).toBeNull();
  });
});
