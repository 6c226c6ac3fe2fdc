import { describe, expect, it } from 'vitest';
import { createRefRegistry } from '../tree/refs';
import { scrollContainer, scrollContainerOf } from './scroll-container';

/** Gives `element` a box `client` px tall over content `content` px tall (happy-dom lays out nothing). */
function box(element: Element, client: number, content: number) {
  Object.defineProperty(element, 'clientHeight', { configurable: true, value: client });
  Object.defineProperty(element, 'scrollHeight', { configurable: true, value: content });
}

function page() {
  document.body.innerHTML = `
    <div id="pane" style="overflow-y: auto">
      <div id="clip" style="overflow: hidden"><ul id="list"><li id="item">Row 30</li></ul></div>
    </div>
    <p id="free">Outside</p>`;
  const $ = (id: string) => document.getElementById(id)!;
  box($('pane'), 200, 1_000);
  box($('clip'), 100, 400);
  return $;
}

describe('scrollContainerOf', () => {
  it('finds the nearest ancestor a person can scroll, passing over clipped boxes', () => {
    const $ = page();
    expect(scrollContainerOf($('item'))).toBe($('pane'));
    expect(scrollContainerOf($('pane'))).toBe($('pane'));
  });

  it('falls back to the page when nothing around the element scrolls', () => {
    const $ = page();
    expect(scrollContainerOf($('free'))).toBeNull();
    box($('pane'), 200, 200);
    expect(scrollContainerOf($('item'))).toBeNull();
  });

  it('crosses a shadow root to its host', () => {
    const $ = page();
    const root = $('free').attachShadow({ mode: 'open' });
    root.innerHTML = '<button>Inside</button>';
    $('free').style.overflowY = 'scroll';
    box($('free'), 50, 300);
    expect(scrollContainerOf(root.querySelector('button')!)).toBe($('free'));
  });
});

describe('scrollContainer', () => {
  it('moves the container by about its height and reports before, after and the most it scrolls', () => {
    const $ = page();
    const refs = createRefRegistry();
    const answer = scrollContainer(refs, refs.numberOf($('item')), 'down');
    expect(answer).toMatchObject({
      status: 'scrolled',
      before: 0,
      after: 170,
      max: 800,
      viewport: 200,
    });
    expect(answer.status === 'scrolled' && answer.container).toContain('div#pane');
    expect(scrollContainer(refs, refs.numberOf($('item')), 'bottom')).toMatchObject({ after: 800 });
  });

  it('answers gone for a removed element or a ref this document never gave', () => {
    const $ = page();
    const refs = createRefRegistry();
    const ref = refs.numberOf($('item'));
    $('item').remove();
    expect(scrollContainer(refs, ref, 'down')).toEqual({ status: 'gone' });
    expect(scrollContainer(refs, 77, 'down')).toEqual({ status: 'gone' });
  });
});
