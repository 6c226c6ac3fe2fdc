// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { emptyStats, walkFlat, type ShadowOpener, type WalkOptions } from './flat-tree';
import { isTransparentColor } from '../tree/visibility-rules';
import { useFakeLayout } from '../../../../../test/support/fake-layout';

useFakeLayout();

const closedRoots = new WeakMap<Element, ShadowRoot>();
const open: ShadowOpener = (element) => element.shadowRoot ?? closedRoots.get(element) ?? null;
const options = (overrides: Partial<WalkOptions> = {}): WalkOptions => ({
  open,
  frames: false,
  includeHidden: false,
  deadline: performance.now() + 10_000,
  maxNodes: 1_000_000,
  ...overrides,
});

/** The visible text a walk of the body sees, and its stats. */
function visibleText(walkOptions: WalkOptions = options()) {
  const parts: string[] = [];
  const stats = walkFlat(document.body, walkOptions, {
    text: (node, visibility) => {
      if (visibility.textShown) parts.push(node.data.trim());
    },
  });
  return { text: parts.filter(Boolean).join(' '), stats };
}

describe('walkFlat', () => {
  it('leaves out what is hidden from the person, each for its reason, and counts it', () => {
    document.body.innerHTML = `<p>shown</p>
      <div style="display:none">display none</div>
      <p aria-hidden="true">aria hidden</p>
      <p hidden>hidden attribute</p>
      <p style="opacity:0">opacity zero</p>
      <p style="position:absolute;clip:rect(0px, 0px, 0px, 0px)">clip rect</p>
      <p style="clip-path: inset(50%)">clip path</p>
      <p style="visibility:hidden">visibility hidden <span style="visibility:visible">but this child shows</span></p>
      <p style="font-size:0">font size zero</p>
      <p style="color:transparent">transparent colour</p>
      <p style="text-indent:-9999px">indented away</p>
      <div style="display:none"></div>
      <script>script text</script><style>p{}</style><template><p>template</p></template><noscript>noscript</noscript>`;
    const { text, stats } = visibleText();
    expect(text).toBe('shown but this child shows');
    expect(stats.hiddenReasons).toEqual({
      'not-rendered': 1,
      'aria-hidden': 1,
      'hidden-attribute': 1,
      transparent: 1,
      clipped: 2,
    });
    // The empty hidden box omitted nothing, so it is not counted.
    expect(stats.hiddenParts).toBe(6);
  });

  it('walks open and closed shadow roots in place of light children, and slotted content', () => {
    document.body.innerHTML =
      '<x-card><b>slotted light text</b></x-card><x-closed></x-closed><x-open><i>unslotted</i></x-open>';
    const card = document.querySelector('x-card') as Element;
    card.attachShadow({ mode: 'open' }).innerHTML = '<h2>card title</h2><slot></slot>';
    const closed = document.querySelector('x-closed') as Element;
    const root = closed.attachShadow({ mode: 'closed' });
    root.innerHTML = '<p>closed root text</p><p style="display:none">closed hidden</p>';
    closedRoots.set(closed, root);
    (document.querySelector('x-open') as Element).attachShadow({ mode: 'open' }).innerHTML =
      '<p>no slot here</p>';
    const { text, stats } = visibleText();
    expect(text).toBe('card title slotted light text closed root text no slot here');
    expect(stats.shadowRoots).toBe(3);
    expect(stats.hiddenParts).toBe(1);
  });

  it('stops at the node budget and at the deadline, and says so', () => {
    document.body.innerHTML = '<p>one</p>'.repeat(2_000);
    expect(visibleText(options({ maxNodes: 100 })).stats.stopped).toBe('node-budget');
    expect(visibleText(options({ deadline: performance.now() - 1 })).stats.stopped).toBe(
      'deadline',
    );
    expect(emptyStats().stopped).toBeNull();
  });

  it('walks hidden subtrees when asked, marking their text hidden', () => {
    document.body.innerHTML = '<p style="display:none">secret <b>inner</b></p>';
    const seen: [string, boolean][] = [];
    walkFlat(document.body, options({ includeHidden: true }), {
      text: (node, visibility) => void seen.push([node.data, visibility.textShown]),
    });
    expect(seen).toEqual([
      ['secret ', false],
      ['inner', false],
    ]);
  });
});

describe('isTransparentColor', () => {
  it('tells zero alpha from opaque colours in every notation', () => {
    expect(isTransparentColor('transparent')).toBe(true);
    expect(isTransparentColor('rgba(0, 0, 0, 0)')).toBe(true);
    expect(isTransparentColor('rgb(10 20 30 / 0%)')).toBe(true);
    expect(isTransparentColor('rgb(0, 0, 0)')).toBe(false);
    expect(isTransparentColor('rgba(0, 0, 0, 0.5)')).toBe(false);
    expect(isTransparentColor('')).toBe(false);
  });
});
