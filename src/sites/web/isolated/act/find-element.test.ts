// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_FIND_CANDIDATES, MAX_FIND_COUNTED } from '../../methods/find-methods';
import { createRefRegistry } from '../tree/refs';
import { findBySelector, findByText } from './find-element';

// happy-dom has no layout: every element gets a box, except those not displayed.
beforeEach(() => {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
    const shown = getComputedStyle(this).display !== 'none';
    return new DOMRect(0, 0, shown ? 80 : 0, shown ? 20 : 0);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('finding an element by its label', () => {
  it('finds the one interactive element, folding case and accents', () => {
    document.body.innerHTML =
      '<h2>Résumé</h2><button id="up">Upload résumé</button><a href="/r">Read more</a>';
    const refs = createRefRegistry();
    const found = findByText('UPLOAD RESUME', 'exact', refs);
    expect(found.status).toBe('found');
    expect(found.status === 'found' && refs.elementOf(found.ref)?.id).toBe('up');
    expect(findByText('upload', 'prefix', refs).status).toBe('found');
    expect(findByText('upload', 'exact', refs)).toEqual({ status: 'none', hidden: 0 });
    // The heading has the text but is not something a person operates.
    expect(findByText('resume', 'exact', refs)).toEqual({ status: 'none', hidden: 0 });
  });

  it('refuses more than one match, listing a few candidates by ref', () => {
    document.body.innerHTML =
      '<button>Save</button><button>Save draft</button><a href="#">Save</a>';
    const refs = createRefRegistry();
    const found = findByText('save', 'exact', refs);
    expect(found).toMatchObject({ status: 'ambiguous', count: 2, capped: false });
    expect(found.status === 'ambiguous' && found.candidates.map((c) => c.role)).toEqual([
      'button',
      'link',
    ]);
    expect(findByText('save', 'prefix', refs)).toMatchObject({ status: 'ambiguous', count: 3 });
  });

  it('stays bounded with 1,500 matches', () => {
    document.body.innerHTML = '<button>Add</button>'.repeat(1_500);
    const found = findByText('add', 'exact', createRefRegistry());
    expect(found).toMatchObject({ status: 'ambiguous', count: MAX_FIND_COUNTED, capped: true });
    expect(found.status === 'ambiguous' && found.candidates).toHaveLength(MAX_FIND_CANDIDATES);
  });

  it('leaves hidden matches out and counts them, and searches open shadow roots', () => {
    document.body.innerHTML = '<button style="display:none">Pay now</button><div id="host"></div>';
    const host = document.getElementById('host') as HTMLElement;
    host.attachShadow({ mode: 'open' }).innerHTML = '<button>Pay later</button>';
    const refs = createRefRegistry();
    expect(findByText('pay now', 'exact', refs)).toEqual({ status: 'none', hidden: 1 });
    expect(findByText('pay later', 'exact', refs).status).toBe('found');
    expect(findByText('   ', 'contains', refs).status).toBe('invalid');
  });
});

describe('where matches sit', () => {
  const MODAL =
    '<main><button>Close</button></main><div role="dialog" aria-modal="true" aria-label="Delete file?"><button>Close</button><button class="x">Delete</button></div>';

  it('keeps only the matches inside an open modal dialog, which a person can reach', () => {
    document.body.innerHTML = MODAL;
    const refs = createRefRegistry();
    const found = findByText('close', 'exact', refs);
    expect(found.status).toBe('found');
    const inDialog = document.querySelectorAll('button')[1] as Element;
    expect(found.status === 'found' && found.ref).toBe(refs.numberOf(inDialog));
    // A label only behind the modal is still found: the press is then checked for cover.
    document.body.insertAdjacentHTML('afterbegin', '<button>Help</button>');
    expect(findByText('help', 'exact', refs).status).toBe('found');
    expect(findBySelector('button', refs)).toMatchObject({ status: 'ambiguous', count: 2 });
  });

  it('says which landmark, form or dialog each candidate is in', () => {
    document.body.innerHTML =
      '<nav aria-label="Top"><a href="#">Save</a></nav><form aria-label="Profile"><button>Save</button></form>';
    const found = findByText('save', 'exact', createRefRegistry());
    expect(found.status === 'ambiguous' && found.candidates.map((c) => c.where)).toEqual([
      'navigation "Top"',
      'form "Profile"',
    ]);
  });
});

describe('finding an element by CSS selector', () => {
  it('finds one, refuses several, and explains bad selectors', () => {
    document.body.innerHTML = '<input id="email" name="email"><input name="q"><input name="q">';
    const refs = createRefRegistry();
    const one = findBySelector('#email', refs);
    expect(one.status === 'found' && refs.elementOf(one.ref)?.id).toBe('email');
    expect(findBySelector('input[name=q]', refs)).toMatchObject({ status: 'ambiguous', count: 2 });
    expect(findBySelector('button', refs)).toEqual({ status: 'none', hidden: 0 });
    expect(findBySelector('button:has-text("Save")', refs)).toMatchObject({
      status: 'invalid',
      message: expect.stringMatching(/by its text/),
    });
    expect(findBySelector('input[', refs)).toMatchObject({
      status: 'invalid',
      message: expect.stringMatching(/not a valid CSS selector/),
    });
  });
});
