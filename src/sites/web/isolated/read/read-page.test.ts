// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createPageReader, sliceText } from './read-page';

const open = (element: Element) => element.shadowRoot;
const paragraph = (word: string) => `<p>${`${word} `.repeat(120)}</p>`;

describe('sliceText', () => {
  it('cuts at a line end near the limit and never splits a surrogate pair', () => {
    const text = `${'a'.repeat(90)}\n${'b'.repeat(50)}`;
    expect(sliceText(text, 0, 100)).toEqual({
      slice: `${'a'.repeat(90)}\n`,
      start: 0,
      nextOffset: 91,
    });
    expect(sliceText(text, 91, 100)).toEqual({
      slice: 'b'.repeat(50),
      start: 91,
      nextOffset: null,
    });
    const emoji = `${'x'.repeat(9)}😀tail`;
    expect(sliceText(emoji, 0, 10).slice).toBe('x'.repeat(9));
    expect(sliceText('abc', 99, 10)).toEqual({ slice: '', start: 3, nextOffset: null });
  });
});

describe('createPageReader', () => {
  const controller = new AbortController();
  afterEach(() => controller.abort());

  it('pages through one read of the page while it stays unchanged', () => {
    document.body.innerHTML = `<main>${paragraph('alpha')}${paragraph('beta')}</main>`;
    const reader = createPageReader(controller.signal, open);
    const first = reader.read(0, 600);
    expect(first.nextOffset).not.toBeNull();
    const second = reader.read(first.nextOffset as number, 30_000);
    expect(second.reread).toBe(false);
    expect(first.slice + second.slice).toBe(reader.read(0, 30_000).slice);
  });

  it('reads again, and says so, when the page changed between parts', async () => {
    document.body.innerHTML = `<main>${paragraph('alpha')}</main>`;
    const reader = createPageReader(controller.signal, open);
    const first = reader.read(0, 500);
    document.body.innerHTML = `<main>${paragraph('gamma')}</main>`;
    await new Promise((resolve) => setTimeout(resolve, 0));
    const next = reader.read(first.nextOffset as number, 500);
    expect(next.reread).toBe(true);
    expect(next.slice).toContain('gamma');
  });
});
