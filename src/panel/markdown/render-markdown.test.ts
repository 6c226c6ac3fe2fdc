import { describe, expect, it, vi } from 'vitest';
import { installHappyDomCompat } from './__fixtures__/happy-dom-compat';
import { assertInert } from './__fixtures__/assert-inert';
import { MAX_INLINE_DELIMITERS, renderMarkdownFragment } from './render-markdown';

function render(text: string): HTMLDivElement {
  const holder = document.createElement('div');
  holder.append(renderMarkdownFragment(text));
  assertInert(holder);
  return holder;
}

// Before the first render: the sanitizer caches DOM getters when it is created.
installHappyDomCompat();

describe('renderMarkdownFragment', () => {
  it('renders GFM structure', () => {
    const holder = render(
      '# Title\n\nSome **bold**, _em_ and ~~del~~.\nNext line\n\n> quote\n\n1. one\n2. two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n---',
    );
    expect(holder.querySelector('h1')?.textContent).toBe('Title');
    expect(holder.querySelector('strong')?.textContent).toBe('bold');
    expect(holder.querySelector('em')?.textContent).toBe('em');
    expect(holder.querySelector('del')?.textContent).toBe('del');
    expect(holder.querySelector('p br')).not.toBeNull();
    expect(holder.querySelector('blockquote')?.textContent?.trim()).toBe('quote');
    expect(holder.querySelectorAll('ol > li')).toHaveLength(2);
    expect(holder.querySelectorAll('table td')).toHaveLength(2);
    expect(holder.querySelector('th')?.hasAttribute('align')).toBe(false);
    expect(holder.querySelector('hr')).not.toBeNull();
  });

  it('keeps https and mailto links with rel and target, turns others into text', () => {
    const holder = render(
      '[a](https://a.example/x) [m](mailto:me@a.example) [j](javascript:alert(1)) [h](http://a.example)',
    );
    const links = Array.from(holder.querySelectorAll('a'));
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      'https://a.example/x',
      'mailto:me@a.example',
    ]);
    expect(holder.textContent?.trim()).toBe('a m j h');
  });

  it('shows raw HTML as literal text', () => {
    const holder = render('Hello <b onclick="x()">bold</b>\n\n<div>block</div>');
    expect(holder.querySelector('b, div')).toBeNull();
    expect(holder.textContent).toContain('<b onclick="x()">bold</b>');
    expect(holder.querySelectorAll('p')[1]?.textContent).toBe('<div>block</div>');
  });

  it('never creates images: labelled link for https, plain label otherwise', () => {
    const holder = render(
      '![Cat](https://img.example/cat.png) ![](https://img.example/x.png) ![Dog](http://img.example/d.png)',
    );
    expect(holder.querySelector('img')).toBeNull();
    expect(Array.from(holder.querySelectorAll('a')).map((link) => link.textContent)).toEqual([
      'Image: Cat',
      'Image',
    ]);
    expect(holder.textContent).toContain('Image: Dog');
  });

  it('renders task lists as text markers, not inputs', () => {
    const holder = render('- [ ] todo\n- [x] done');
    expect(holder.querySelector('input')).toBeNull();
    expect(holder.textContent).toContain('\u2610 todo');
    expect(holder.textContent).toContain('\u2611 done');
  });

  it('adds a copy button to code blocks and validates the language class', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const holder = render('```ts\nconst a = 1 < 2;\n```\n\n```bad"lang\nx\n```');
    const codes = holder.querySelectorAll('code');
    expect(codes[0]?.className).toBe('language-ts');
    expect(codes[1]?.hasAttribute('class')).toBe(false);
    const button = holder.querySelector('button');
    expect(button?.textContent).toBe('Copy');
    button?.click();
    expect(writeText).toHaveBeenCalledWith('const a = 1 < 2;\n');
    await Promise.resolve();
    await Promise.resolve();
    expect(button?.textContent).toBe('Copied');
  });

  it('shows control and bidi override characters visibly and keeps RTL scripts', () => {
    const holder = render('a\u001bb \u202Eevil\u202C \u05E9\u05DC\u05D5\u05DD');
    expect(holder.textContent?.trim()).toBe(
      'a\u241Bb \u27E8U+202E\u27E9evil\u27E8U+202C\u27E9 \u05E9\u05DC\u05D5\u05DD',
    );
  });

  it('renders blocks over the delimiter budget as plain text, others as Markdown', () => {
    const heavy = '_a'.repeat(MAX_INLINE_DELIMITERS + 10);
    const holder = render(`**fine**\n\n${heavy}\n\n*also fine*`);
    expect(holder.querySelector('strong')?.textContent).toBe('fine');
    expect(holder.querySelector('em')?.textContent).toBe('also fine');
    expect(holder.textContent).toContain(heavy);
  });

  it('keeps ordered list numbering across a code block, and nothing else on lists', () => {
    const holder = render('1. one\n\n```\ncode\n```\n\n2. two\n\n- x');
    const lists = holder.querySelectorAll('ol');
    expect(lists[0]?.hasAttribute('start')).toBe(false);
    expect(lists[1]?.getAttribute('start')).toBe('2');
  });

  it('resolves reference-style links within the text', () => {
    const holder = render('See [docs][1].\n\n[1]: https://docs.example/ "Docs"');
    expect(holder.querySelector('a')?.getAttribute('title')).toBe('Docs');
  });
});

describe('render budget', () => {
  it('counts delimiters per paragraph and ignores fenced code', async () => {
    const { maxParagraphDelimiters } = await import('./render-budget');
    expect(maxParagraphDelimiters('**a** _b_\n\n*c*')).toBe(6);
    expect(maxParagraphDelimiters('```py\n__init__ self._x\n```\n`x`')).toBe(2);
  });

  it('keeps a long code block full of underscores as code', () => {
    const code = 'def __init__(self):\n    self._value = __name__\n'.repeat(400);
    const holder = render(`Intro\n\n\`\`\`python\n${code}\`\`\`\n`);
    expect(holder.querySelector('pre code')?.textContent).toBe(code);
  });

  it('keeps a long loose list of bold items as Markdown', () => {
    const holder = render(
      Array.from({ length: 300 }, (_, index) => `- **item ${index}**`).join('\n\n'),
    );
    expect(holder.querySelectorAll('li strong')).toHaveLength(300);
  });
});
