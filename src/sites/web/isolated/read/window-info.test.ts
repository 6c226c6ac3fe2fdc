// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createRefRegistry } from '../tree/refs';
import { windowInfo } from './window-info';
import { useFakeLayout } from '../../../../../test/support/fake-layout';

useFakeLayout();

const open = (element: Element) => element.shadowRoot;

describe('windowInfo', () => {
  it('reports address, title, viewport and the focused element by ref', () => {
    document.title = 'Shop';
    document.body.innerHTML = '<input id="q">';
    const field = document.getElementById('q') as HTMLInputElement;
    field.focus();
    const refs = createRefRegistry();
    const info = windowInfo(refs, open);
    expect(info).toMatchObject({
      url: location.href,
      title: 'Shop',
      viewport: { width: innerWidth, height: innerHeight },
      focused: { tag: 'input', inFrame: false },
    });
    expect(refs.elementOf(info.focused?.ref as number)).toBe(field);
  });

  it('lists frames, those in shadow roots too', () => {
    document.body.innerHTML = '<iframe width="300" height="80"></iframe><x-box></x-box>';
    (document.querySelector('x-box') as Element).attachShadow({ mode: 'open' }).innerHTML =
      '<iframe hidden></iframe>';
    const info = windowInfo(createRefRegistry(), open);
    expect(info.frameCount).toBe(2);
    expect(info.frames.map(({ url, visible }) => ({ url, visible }))).toEqual([
      { url: 'about:blank', visible: true },
      { url: 'about:blank', visible: false },
    ]);
  });

  it("decides each frame's visibility from its ancestors across a shadow boundary", () => {
    document.body.innerHTML =
      '<div style="display:none"><iframe></iframe></div><x-card aria-hidden="true"></x-card><x-ok></x-ok>';
    (document.querySelector('x-card') as Element).attachShadow({ mode: 'open' }).innerHTML =
      '<iframe></iframe>';
    (document.querySelector('x-ok') as Element).attachShadow({ mode: 'open' }).innerHTML =
      '<section><iframe width="40" height="40"></iframe></section>';
    const info = windowInfo(createRefRegistry(), open);
    expect(info.frames.map(({ visible }) => visible)).toEqual([false, false, true]);
  });
});
