// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createRefRegistry } from '../tree/refs';
import { MAX_COUNTED_MATCHES, findText, queryPattern } from './find-text';
import { useFakeLayout } from '../../../../../test/support/fake-layout';

useFakeLayout();

const open = (element: Element) => element.shadowRoot;
const request = (query: string, overrides: Partial<Parameters<typeof findText>[0]> = {}) => ({
  query,
  exact: false,
  includeHidden: false,
  maxResults: 20,
  ...overrides,
});

describe('findText', () => {
  it('finds text across inline elements, names the holder by ref, and never across blocks', () => {
    document.body.innerHTML = '<p id="p">Add <b>to</b>\n cart</p><p>Add</p><p>to cart</p>';
    const refs = createRefRegistry();
    const found = findText(request('add to   CART'), refs, open);
    expect(found.total).toBe(1);
    // (Where a match sits against the viewport needs layout: the browser test checks it.)
    expect(found.matches).toEqual([
      { ref: expect.any(Number), tag: 'p', snippet: 'Add to cart', place: expect.any(String) },
    ]);
    expect(refs.elementOf(found.matches[0]!.ref)).toBe(document.getElementById('p'));
  });

  it('folds case and accents unless exact, with snippets in the page’s own letters', () => {
    document.body.innerHTML = '<p>Mon Résumé (PDF)</p><p>CV de François</p>';
    const refs = createRefRegistry();
    const found = findText(request('resume'), refs, open);
    expect(found.matches.map((match) => match.snippet)).toEqual(['Mon Résumé (PDF)']);
    expect(findText(request('francois'), refs, open).total).toBe(1);
    expect(findText(request('resume', { exact: true }), refs, open).total).toBe(0);
    expect(findText(request('Résumé', { exact: true }), refs, open).total).toBe(1);
  });

  it('folds the dotless ı on a Turkish page', () => {
    document.body.innerHTML = '<p>Kapı numarası</p>';
    const refs = createRefRegistry();
    expect(findText(request('kapi'), refs, open).total).toBe(0);
    document.documentElement.lang = 'tr';
    expect(findText(request('kapi numarasi'), refs, open).total).toBe(1);
    document.documentElement.lang = '';
  });

  it('names the actionable element around a match, and the same ref on a second search', () => {
    document.body.innerHTML = '<button><span>Checkout</span> now</button>';
    const refs = createRefRegistry();
    const first = findText(request('checkout'), refs, open).matches[0];
    expect(first?.tag).toBe('button');
    expect(findText(request('now'), refs, open).matches[0]?.ref).toBe(first?.ref);
  });

  it('counts hidden occurrences without returning them, unless asked, then marks them hidden', () => {
    document.body.innerHTML = `<p>secret plan</p><p style="display:none">secret one</p>
      <p aria-hidden="true">secret two</p><p style="color:transparent">secret three</p>`;
    const refs = createRefRegistry();
    const visible = findText(request('secret'), refs, open);
    expect(visible.total).toBe(1);
    expect(visible.hiddenExcluded).toBe(3);
    expect(visible.matches.map((match) => match.snippet)).toEqual(['secret plan']);
    const all = findText(request('secret', { includeHidden: true }), refs, open);
    expect(all.total).toBe(4);
    expect(all.matches.filter((match) => match.place === 'hidden')).toHaveLength(3);
  });

  it('searches open shadow roots and matches case exactly when asked', () => {
    document.body.innerHTML = '<x-card></x-card><p>Case</p>';
    (document.querySelector('x-card') as Element).attachShadow({ mode: 'open' }).innerHTML =
      '<p>case inside</p>';
    const refs = createRefRegistry();
    expect(findText(request('case'), refs, open).total).toBe(2);
    expect(findText(request('case', { exact: true }), refs, open).matches[0]?.snippet).toBe(
      'case inside',
    );
  });

  it('returns at most maxResults with snippets cut to the match, and caps the count', () => {
    document.body.innerHTML = `<p>${'word '.repeat(MAX_COUNTED_MATCHES + 50)}</p>`;
    const found = findText(request('word', { maxResults: 3 }), createRefRegistry(), open);
    expect(found.matches).toHaveLength(3);
    expect(found.total).toBe(MAX_COUNTED_MATCHES);
    expect(found.totalCapped).toBe(true);
    expect(found.matches[0]?.snippet.length).toBeLessThanOrEqual(130);
  });

  it('treats the query as literal text', () => {
    expect(queryPattern('a.b (c)*', false).test('xa.b (c)*y')).toBe(true);
    expect(queryPattern('a.b', false).test('axb')).toBe(false);
  });
});
