// @vitest-environment happy-dom
// The same page through every reader: the tree, read_page's copy, find_text, the
// text of one element, extract_data's forms, and the one-element check. Each case
// names words a person sees and words they do not; every reader must agree.
import { describe, expect, it } from 'vitest';
import { useFakeLayout } from '../../../../../test/support/fake-layout';
import { extractData } from '../read/extract-data';
import { findText } from '../read/find-text';
import { cloneVisible } from '../read/visible-clone';
import { visibleTextOf } from '../read/visible-text';
import { withLabelIndex } from './label-index';
import { createRefRegistry } from './refs';
import { serializeWalk } from './serializer';
import { isShownToPerson, visibilityWithAncestors } from './visibility';
import { walkFrame } from './walker';

useFakeLayout();

const open = (element: Element) => element.shadowRoot;

interface Case {
  readonly name: string;
  readonly html: string;
  /** Words a person sees (page text). */
  readonly seen?: readonly string[];
  /** Words a person cannot see: no reader may return them as page text. */
  readonly unseen?: readonly string[];
  /** The control `#control`: whether the tree and the forms offer it, and how. */
  readonly control?: 'usable' | 'transparent' | 'absent';
}

const CASES: readonly Case[] = [
  { name: 'opacity 0', html: '<p id="t" style="opacity:0">quokka</p>', unseen: ['quokka'] },
  { name: 'opacity 0.05', html: '<p id="t" style="opacity:0.05">quokka</p>', unseen: ['quokka'] },
  { name: 'opacity 0.5', html: '<p id="t" style="opacity:0.5">quokka</p>', seen: ['quokka'] },
  {
    name: 'opacity multiplied along ancestors (0.3 × 0.3)',
    html: '<div style="opacity:0.3"><p id="t" style="opacity:0.3">quokka</p></div>',
    unseen: ['quokka'],
  },
  {
    name: 'opacity 0 on display:contents (no box to paint)',
    html: '<div style="display:contents;opacity:0"><p id="t">quokka</p></div>',
    seen: ['quokka'],
  },
  {
    name: 'visibility hidden with a visible child',
    html: '<p style="visibility:hidden">quokka <span id="t" style="visibility:visible">wombat</span></p>',
    seen: ['wombat'],
    unseen: ['quokka'],
  },
  {
    name: 'display none',
    html: '<div style="display:none"><p id="t">quokka</p></div>',
    unseen: ['quokka'],
  },
  {
    name: 'content-visibility hidden',
    html: '<div style="content-visibility:hidden">quokka <p id="t">wombat</p></div>',
    unseen: ['quokka', 'wombat'],
  },
  {
    name: 'aria-hidden',
    html: '<div aria-hidden="true"><p id="t">quokka</p></div>',
    unseen: ['quokka'],
  },
  { name: 'inert', html: '<div inert><p id="t">quokka</p></div>', unseen: ['quokka'] },
  { name: 'hidden attribute', html: '<p id="t" hidden>quokka</p>', unseen: ['quokka'] },
  {
    name: 'closed details',
    html: '<details><summary>wombat</summary>quokka <p id="t">numbat</p></details>',
    seen: ['wombat'],
    unseen: ['quokka', 'numbat'],
  },
  {
    name: 'open details',
    html: '<details open><summary>wombat</summary><p id="t">numbat</p></details>',
    seen: ['wombat', 'numbat'],
  },
  {
    name: 'clip-path inset(50%)',
    html: '<p id="t" style="clip-path:inset(50%)">quokka</p>',
    unseen: ['quokka'],
  },
  {
    name: 'clip rect to 1px',
    html: '<p id="t" style="position:absolute;clip:rect(0px, 1px, 1px, 0px)">quokka</p>',
    unseen: ['quokka'],
  },
  {
    name: 'sr-only pattern',
    html: '<span id="t" style="position:absolute;width:1px;height:1px;overflow:hidden;white-space:nowrap">quokka</span>',
    unseen: ['quokka'],
  },
  {
    name: 'height 0 with overflow hidden',
    html: '<div style="height:0;overflow:hidden"><p id="t">quokka</p></div>',
    unseen: ['quokka'],
  },
  { name: 'font-size 0', html: '<p id="t" style="font-size:0">quokka</p>', unseen: ['quokka'] },
  {
    name: 'transparent colour',
    html: '<p id="t" style="color:transparent">quokka</p>',
    unseen: ['quokka'],
  },
  {
    name: 'text-indent -9999px',
    html: '<p id="t" style="text-indent:-9999px">quokka</p>',
    unseen: ['quokka'],
  },
  {
    name: 'off-screen left',
    html: '<p id="t" style="position:absolute;left:-10000px">quokka</p>',
    unseen: ['quokka'],
  },
  {
    name: 'off-screen top',
    html: '<p id="t" style="position:absolute;top:-10000px">quokka</p>',
    unseen: ['quokka'],
  },
  {
    name: 'below the fold (scrolling reaches it)',
    html: '<p id="t" style="position:absolute;top:5000px">quokka</p>',
    seen: ['quokka'],
  },
  {
    name: 'fixed outside the viewport',
    html: '<p id="t" style="position:fixed;top:5000px">quokka</p>',
    unseen: ['quokka'],
  },
  {
    name: 'zero-size control',
    html: '<input id="control" name="quokkafield" aria-label="Quokka field" style="width:0;height:0">',
    control: 'absent',
  },
  {
    name: 'visible control',
    html: '<input id="control" name="quokkafield" aria-label="Quokka field">',
    control: 'usable',
  },
  {
    name: 'opacity-0 checkbox under a styled label',
    html: '<label><input id="control" type="checkbox" name="quokkafield" style="opacity:0"><span>Accept wombat terms</span></label>',
    seen: ['wombat'],
    control: 'transparent',
  },
];

/** What each reader returns for the page in the body. */
function readAll() {
  const refs = createRefRegistry();
  const tree = withLabelIndex(() => {
    const walk = walkFrame(document, {
      filter: 'all',
      root: null,
      refs,
      maxNodes: 10_000,
      deadline: performance.now() + 10_000,
    });
    return serializeWalk(walk, {
      maxChars: 100_000,
      maxLines: 10_000,
      refPrefix: '',
      allOptions: false,
      focused: null,
      tokenOf: () => null,
    }).lines.join('\n');
  });
  const copy = cloneVisible(document, {
    open,
    deadline: performance.now() + 10_000,
    maxNodes: 100_000,
    maxTextChars: 100_000,
  }).document.body.textContent;
  const found = (word: string) =>
    findText({ query: word, exact: false, includeHidden: false, maxResults: 10 }, refs, open)
      .total > 0;
  const text = visibleTextOf(document.body, 100_000, open);
  const forms = JSON.stringify(extractData(['forms'], open));
  return { refs, tree, copy, found, text, forms };
}

describe('one visibility model for every reader', () => {
  it.each(CASES)('$name: the tree and the readers agree', (testCase) => {
    document.body.innerHTML = `<p>sentinel text</p>${testCase.html}`;
    const { refs, tree, copy, found, text, forms } = readAll();
    // Visible text reaches every reader, so an absence below is not vacuous.
    for (const reader of [tree, copy, text]) expect(reader).toContain('sentinel');
    for (const word of testCase.seen ?? []) {
      expect({ word, tree }).toEqual({ word, tree: expect.stringContaining(word) });
      expect({ word, copy }).toEqual({ word, copy: expect.stringContaining(word) });
      expect({ word, text }).toEqual({ word, text: expect.stringContaining(word) });
      expect({ word, found: found(word) }).toEqual({ word, found: true });
    }
    for (const word of testCase.unseen ?? []) {
      expect({ word, tree }).toEqual({ word, tree: expect.not.stringContaining(word) });
      expect({ word, copy }).toEqual({ word, copy: expect.not.stringContaining(word) });
      expect({ word, text }).toEqual({ word, text: expect.not.stringContaining(word) });
      expect({ word, found: found(word) }).toEqual({ word, found: false });
    }
    // The one-element check gives the walks' answer for the element holding the text
    // (a text style hides the text, not the box: such an element is still shown).
    const target = document.getElementById('t');
    if (target) {
      const seen = testCase.seen?.some((word) => target.textContent?.includes(word)) ?? false;
      expect(visibilityWithAncestors(target).textShown).toBe(seen);
      if (seen) expect(isShownToPerson(target)).toBe(true);
    }
    const control = document.getElementById('control');
    if (control && testCase.control) {
      const line = tree.split('\n').find((entry) => entry.includes(`[e${refs.numberOf(control)}]`));
      expect(line !== undefined).toBe(testCase.control !== 'absent');
      expect(line?.includes(' transparent') ?? false).toBe(testCase.control === 'transparent');
      expect(forms.includes('quokkafield')).toBe(testCase.control !== 'absent');
      expect(visibilityWithAncestors(control).transparent).toBe(testCase.control === 'transparent');
    }
  });
});
