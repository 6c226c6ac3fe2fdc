// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { MAX_COPY_DEPTH, cloneVisible } from './visible-clone';
import { useFakeLayout } from '../../../../../test/support/fake-layout';

useFakeLayout();

const clone = (html: string, maxTextChars = 1_000_000) => {
  document.body.innerHTML = html;
  return cloneVisible(document, {
    open: (element) => element.shadowRoot,
    deadline: performance.now() + 120_000,
    maxNodes: 100_000,
    maxTextChars,
  });
};

describe('cloneVisible', () => {
  it('copies visible text and a few safe attributes, never controls, handlers or styles', () => {
    const copy = clone(`<p id="a" class="lead" style="color:red" onclick="steal()" title="IGNORE">Hi
      <a href="/next" target="_blank">next</a> <a href="javascript:alert(1)">js</a>
      <img src="/i.png" alt="pic" onerror="x()"><img src="data:image/png;base64,AAAA"></p>
      <input value="typed"><textarea>draft</textarea><select><option>opt</option></select>`);
    const html = copy.document.body.innerHTML;
    expect(html).toContain('<p id="a" class="lead">Hi');
    expect(html).toContain(`<a href="${new URL('/next', location.href).href}">next</a>`);
    expect(html).toContain('<a>js</a>');
    expect(html).toContain(`<img src="${new URL('/i.png', location.href).href}" alt="pic">`);
    expect(html).not.toMatch(/style=|onclick|onerror|title=|IGNORE|typed|draft|opt|data:|target/);
  });

  it('composes shadow roots in and turns custom elements into plain blocks', () => {
    document.body.innerHTML = '<x-card><b>light</b></x-card>';
    (document.querySelector('x-card') as Element).attachShadow({ mode: 'open' }).innerHTML =
      '<h2>Title</h2><slot></slot>';
    const copy = cloneVisible(document, {
      open: (element) => element.shadowRoot,
      deadline: performance.now() + 120_000,
      maxNodes: 100_000,
      maxTextChars: 1_000,
    });
    expect(copy.document.body.innerHTML).toBe('<div><h2>Title</h2><slot><b>light</b></slot></div>');
    expect(copy.stats.shadowRoots).toBe(1);
  });

  it('stops copying text at the budget and says so', () => {
    const copy = clone(`<p>${'a'.repeat(50)}</p><p>${'b'.repeat(50)}</p>`, 70);
    expect(copy.textChars).toBe(70);
    expect(copy.textCut).toBe(true);
    expect(copy.document.body.textContent).toBe(`${'a'.repeat(50)}${'b'.repeat(20)}`);
  });

  it('copies elements nested past the depth limit flat, keeping their text in order', () => {
    const depth = MAX_COPY_DEPTH + 40;
    const copy = clone(`${'<span>'.repeat(depth)}deep${'</span>'.repeat(depth)}<p>after</p>`);
    expect(copy.document.body.textContent).toBe('deepafter');
    let levels = 0;
    for (let node = copy.document.body.firstElementChild; node; node = node.firstElementChild)
      levels += 1;
    expect(levels).toBe(MAX_COPY_DEPTH);
    expect(copy.document.body.lastElementChild?.outerHTML).toBe('<p>after</p>');
    // The DOM emulation computes inherited styles slowly at this depth.
  }, 30_000);
});
