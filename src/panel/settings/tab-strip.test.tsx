import { render } from 'preact';
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { stripOverflow, TabStrip } from './tab-strip';

describe('stripOverflow', () => {
  it('says which ends hide tabs, ignoring a pixel of rounding', () => {
    expect(stripOverflow({ scrollLeft: 0, scrollWidth: 300, clientWidth: 300 })).toEqual({
      before: false,
      after: false,
    });
    expect(stripOverflow({ scrollLeft: 0, scrollWidth: 600, clientWidth: 300 })).toEqual({
      before: false,
      after: true,
    });
    expect(stripOverflow({ scrollLeft: 150, scrollWidth: 600, clientWidth: 300 })).toEqual({
      before: true,
      after: true,
    });
    expect(stripOverflow({ scrollLeft: 299.5, scrollWidth: 600, clientWidth: 300 })).toEqual({
      before: true,
      after: false,
    });
    expect(stripOverflow({ scrollLeft: 0.5, scrollWidth: 300.6, clientWidth: 300 })).toEqual({
      before: false,
      after: false,
    });
  });
});

/** A strip whose list is `scrollWidth` wide inside 300 px, scrolled to `scrollLeft`. */
function shown(scrollWidth: number, selected = 't1') {
  const container = document.createElement('div');
  document.body.append(container);
  const into = vi.fn();
  const view = (id: string) => (
    <TabStrip label="Sections" selectedTabId={id}>
      {['t1', 't2', 't3'].map((tab) => (
        <button key={tab} id={tab} role="tab" type="button">
          {tab}
        </button>
      ))}
    </TabStrip>
  );
  act(() => render(view(selected), container));
  const list = container.querySelector<HTMLElement>('[role="tablist"]')!;
  for (const tab of list.querySelectorAll('button')) tab.scrollIntoView = into;
  Object.defineProperty(list, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(list, 'clientWidth', { configurable: true, value: 300 });
  list.scrollBy = ((options: ScrollToOptions) => {
    list.scrollLeft += options.left ?? 0;
    list.dispatchEvent(new Event('scroll'));
  }) as HTMLElement['scrollBy'];
  act(() => void list.dispatchEvent(new Event('scroll')));
  const ends = () =>
    [...container.querySelectorAll<HTMLButtonElement>('.sa-tabstrip-end')].map(
      (button) => button.getAttribute('aria-label') ?? '',
    );
  return {
    container,
    list,
    into,
    ends,
    rerender: (id: string) => act(() => render(view(id), container)),
  };
}

describe('TabStrip', () => {
  it('keeps its tabs in one tablist with the given name and no end buttons when all fit', () => {
    const { container, ends } = shown(300);
    const list = container.querySelector('[role="tablist"]');
    expect(list?.getAttribute('aria-label')).toBe('Sections');
    expect(list?.querySelectorAll('[role="tab"]')).toHaveLength(3);
    expect(ends()).toEqual([]);
  });

  it('offers "Show more sections" when tabs continue past the end, and pages along', () => {
    const { container, list, ends } = shown(900);
    expect(ends()).toEqual(['Show more sections']);
    const more = container.querySelector<HTMLButtonElement>('.sa-tabstrip-next')!;
    expect(more.tabIndex).toBe(-1);
    act(() => more.click());
    expect(list.scrollLeft).toBe(225);
    expect(ends()).toEqual(['Show earlier sections', 'Show more sections']);
    act(() => container.querySelector<HTMLButtonElement>('.sa-tabstrip-prev')!.click());
    expect(list.scrollLeft).toBe(0);
    expect(ends()).toEqual(['Show more sections']);
  });

  it('scrolls the selected tab into view when the selection moves', () => {
    const { into, rerender, container } = shown(900);
    rerender('t3');
    expect(into).toHaveBeenCalledWith({ block: 'nearest', inline: 'nearest' });
    expect(into.mock.contexts.at(-1)).toBe(container.querySelector('#t3'));
  });

  it('turns a vertical wheel into sideways scrolling only when the line overflows', () => {
    const wide = shown(900);
    const wheel = new WheelEvent('wheel', { deltaY: 120, cancelable: true, bubbles: true });
    act(() => void wide.list.dispatchEvent(wheel));
    expect(wide.list.scrollLeft).toBe(120);
    expect(wheel.defaultPrevented).toBe(true);
    const fits = shown(300);
    const plain = new WheelEvent('wheel', { deltaY: 120, cancelable: true, bubbles: true });
    act(() => void fits.list.dispatchEvent(plain));
    expect(fits.list.scrollLeft).toBe(0);
    expect(plain.defaultPrevented).toBe(false);
  });
});
