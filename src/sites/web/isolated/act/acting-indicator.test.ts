// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shadowRootOf } from '../../../../page/isolated/shadow-roots';
import { createActingIndicator, INDICATOR_TAG, stepAsideFrom } from './acting-indicator';

const hostNow = () => document.querySelector(INDICATOR_TAG);

afterEach(() => {
  vi.useRealTimers();
  hostNow()?.remove();
});

describe('the acting-tab indicator', () => {
  it('draws on <html> in a closed root our readers do not open, and hides on request', () => {
    const indicator = createActingIndicator({
      signal: new AbortController().signal,
      stop: () => {},
    });
    indicator.show(60_000);
    const host = hostNow() as Element;
    expect(host.parentElement).toBe(document.documentElement);
    expect(host.shadowRoot).toBeNull();
    expect(shadowRootOf(host)).toBeNull();
    expect(indicator.shown()).toBe(true);
    indicator.hide();
    expect(hostNow()).toBeNull();
    expect(indicator.shown()).toBe(false);
  });

  it('goes away when its lease runs out, and a renewal keeps it', () => {
    vi.useFakeTimers();
    const indicator = createActingIndicator({
      signal: new AbortController().signal,
      stop: () => {},
    });
    indicator.show(5_000);
    vi.advanceTimersByTime(4_000);
    indicator.show(5_000);
    vi.advanceTimersByTime(4_000);
    expect(indicator.shown()).toBe(true);
    vi.advanceTimersByTime(1_500);
    expect(indicator.shown()).toBe(false);
  });

  it('comes back when the page removed it, and is gone for good when its document ends', () => {
    const lifetime = new AbortController();
    const indicator = createActingIndicator({ signal: lifetime.signal, stop: () => {} });
    indicator.show(60_000);
    hostNow()?.remove();
    expect(indicator.shown()).toBe(false);
    indicator.show(60_000);
    expect(indicator.shown()).toBe(true);
    lifetime.abort();
    expect(hostNow()).toBeNull();
    indicator.show(60_000);
    expect(hostNow()).toBeNull();
  });

  it('ignores a click the browser did not mark trusted', () => {
    const stop = vi.fn();
    const roots: ShadowRoot[] = [];
    const attach = Element.prototype.attachShadow;
    vi.spyOn(Element.prototype, 'attachShadow').mockImplementation(function (
      this: Element,
      init: ShadowRootInit,
    ) {
      const root = attach.call(this, init);
      roots.push(root);
      return root;
    });
    const indicator = createActingIndicator({ signal: new AbortController().signal, stop });
    indicator.show(60_000);
    const button = roots[0]?.querySelector('button') as HTMLButtonElement;
    expect(button.getAttribute('aria-label')).toBe('Stop Side Agent');
    button.click();
    expect(stop).not.toHaveBeenCalled();
    expect(indicator.shown()).toBe(true);
    vi.restoreAllMocks();
  });

  it('steps aside from an element about to be pressed, only while it is shown', () => {
    const indicator = createActingIndicator({
      signal: new AbortController().signal,
      stop: () => {},
    });
    const bottomRight = {
      left: innerWidth - 100,
      top: innerHeight - 30,
      right: innerWidth - 10,
      bottom: innerHeight - 5,
    };
    stepAsideFrom(bottomRight);
    expect(indicator.corner()).toBe('bottom-right');
    indicator.show(60_000);
    stepAsideFrom(bottomRight);
    expect(indicator.corner()).toBe('bottom-left');
    indicator.hide();
    stepAsideFrom({ left: 0, top: innerHeight - 30, right: 100, bottom: innerHeight - 5 });
    expect(indicator.corner()).toBe('bottom-left');
  });
});
