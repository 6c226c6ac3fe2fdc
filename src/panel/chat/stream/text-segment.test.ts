import { describe, expect, it, vi } from 'vitest';
import { installHappyDomCompat } from '../../markdown/__fixtures__/happy-dom-compat';
import { assertInert } from '../../markdown/__fixtures__/assert-inert';
import { renderMarkdownFragment } from '../../markdown/render-markdown';
import { StreamingTextSegment, TEXT_TAIL_CLASS } from './text-segment';

// Before the first render: the sanitizer caches DOM getters when it is created.
installHappyDomCompat();

/** Tag names in document order plus whitespace-free text: a rendering's structure. */
function signature(root: ParentNode): string {
  const tags = Array.from(root.querySelectorAll('*'), (element) => element.localName).join(',');
  return `${tags}|${(root.textContent ?? '').replace(/\s+/g, '')}`;
}

function streamed(
  text: string,
  sizes: readonly number[],
): { segment: StreamingTextSegment; render: ReturnType<typeof vi.fn> } {
  const render = vi.fn((markdown: string) => renderMarkdownFragment(markdown));
  const segment = new StreamingTextSegment(render);
  let position = 0;
  for (let index = 0; position < text.length; index += 1) {
    const size = sizes[index % sizes.length] ?? 1;
    segment.write(text.slice(position, position + size));
    position += size;
  }
  segment.close();
  return { segment, render };
}

const documents: Record<string, string> = {
  paragraphs:
    '# Title\n\nFirst **bold** paragraph\nwith a break.\n\nSecond _one_ with [a link](https://a.example).\n',
  fences:
    'Intro:\n\n```ts\nconst a = 1;\n\nconst b = `x`;\n```\nAfter the fence.\n\n~~~\n```not a close\n~~~\n\nEnd',
  lists: '1. one\n\n2. two\n   continued\n\n3. three\n\n- a\n- b\n\nDone.',
  table: '| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | 4 |\n\nText after.',
  quotes: '> quoted\n> more\n\n> second quote\n\nplain',
  crlf: 'Line one\r\nLine two\r\n\r\n```\r\ncode\r\n\r\nmore\r\n```\r\n\r\n**end**',
};

describe('StreamingTextSegment', () => {
  for (const [name, text] of Object.entries(documents)) {
    const whole = document.createElement('div');
    whole.append(renderMarkdownFragment(text.replace(/\r\n?/g, '\n')));
    for (const sizes of [[1], [2], [3], [5, 1, 8], [13], [text.length]]) {
      it(`${name} in deltas of ${sizes.join('/')} renders like the whole text`, () => {
        const { segment } = streamed(text, sizes);
        expect(signature(segment.element)).toBe(signature(whole));
      });
    }
  }

  it('renders each completed block exactly once, and the rest once at close', () => {
    const text = 'para one\n\n```\ncode\n\nmore\n```\npara two\n\ntail';
    const render = vi.fn((markdown: string) => renderMarkdownFragment(markdown));
    const segment = new StreamingTextSegment(render);
    for (const character of text) segment.write(character);
    expect(render.mock.calls.map(([markdown]) => markdown)).toEqual([
      'para one\n\n',
      '```\ncode\n\nmore\n```\n',
      'para two\n\n',
    ]);
    segment.close();
    expect(render).toHaveBeenCalledTimes(4);
    expect(render).toHaveBeenLastCalledWith('tail');
  });

  it('keeps the unfinished tail as one inert text node, appended by suffix', () => {
    const segment = new StreamingTextSegment();
    segment.write('**not yet bold');
    const tail = segment.element.querySelector(`.${TEXT_TAIL_CLASS}`);
    const node = tail?.firstChild;
    segment.write(' <img src=x onerror=alert(1)>');
    expect(tail?.childNodes).toHaveLength(1);
    expect(tail?.firstChild).toBe(node);
    expect(tail?.textContent).toBe('**not yet bold <img src=x onerror=alert(1)>');
    expect(segment.element.querySelector('strong, img')).toBeNull();
  });

  it('joins a CRLF split across deltas', () => {
    const segment = new StreamingTextSegment();
    segment.write('a\r');
    segment.write('\n\r');
    segment.write('\nb');
    segment.close();
    expect(Array.from(segment.element.querySelectorAll('p'), (p) => p.textContent)).toEqual([
      'a',
      'b',
    ]);
  });

  it('re-renders once at close when reference definitions span blocks', () => {
    const render = vi.fn((markdown: string) => renderMarkdownFragment(markdown));
    const { segment } = ((): { segment: StreamingTextSegment } => {
      const created = new StreamingTextSegment(render);
      created.write('See [docs][d].\n\nMore text.\n\n[d]: https://docs.example/\n');
      created.close();
      return { segment: created };
    })();
    expect(segment.element.querySelector('a')?.getAttribute('href')).toBe('https://docs.example/');
    expect(render).toHaveBeenCalledTimes(4);
  });

  it('stays inert while hostile Markdown streams in 1-char deltas', () => {
    const text =
      '<script>window.__pwned=1</script>\n\n[x](javascript:alert(1)) ![i](data:x)\n\n<svg onload=alert(1)>\n\n```\n</code></pre><img src=x onerror=alert(1)>\n```\n\u202Eevil';
    const segment = new StreamingTextSegment();
    const isOwn = (element: Element): boolean => element.classList.contains(TEXT_TAIL_CLASS);
    for (const character of text) {
      segment.write(character);
      assertInert(segment.element, isOwn);
    }
    segment.close();
    assertInert(segment.element);
    expect(segment.element.querySelector(`.${TEXT_TAIL_CLASS}`)).toBeNull();
  });
});
