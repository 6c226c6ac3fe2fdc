import { describe, expect, it } from 'vitest';
import { MarkdownBlockSplitter, splitMarkdownBlocks } from './block-splitter';

function streamSplit(text: string, size: number): string[] {
  const splitter = new MarkdownBlockSplitter();
  const blocks: string[] = [];
  for (let start = 0; start < text.length; start += size)
    blocks.push(...splitter.push(text.slice(start, start + size)));
  const rest = splitter.finish();
  if (rest !== '') blocks.push(rest);
  return blocks;
}

const cases: Array<readonly [string, string, string[]]> = [
  ['paragraphs', 'one\ntwo\n\nthree\n', ['one\ntwo\n\n', 'three\n']],
  [
    'fence with blank lines',
    'a\n\n```js\nx\n\ny\n```\nafter\n',
    ['a\n\n', '```js\nx\n\ny\n```\n', 'after\n'],
  ],
  ['tilde fence, longer close', '~~~\n\n~~~~\nz', ['~~~\n\n~~~~\n', 'z']],
  ['backtick fence is not closed by tildes', '```\n~~~\n\n```\n', ['```\n~~~\n\n```\n']],
  [
    'loose list stays one block',
    '1. a\n\n2. b\n\n3. c\n\nend',
    ['1. a\n\n2. b\n\n3. c\n\n', 'end'],
  ],
  [
    'indented continuation',
    'para\n\n    code\n\n    more\n\nnext',
    ['para\n\n    code\n\n    more\n\n', 'next'],
  ],
  [
    'fence inside a list does not end the block',
    '- item\n\n  ```\n  code\n  ```\n- next\n\nx',
    ['- item\n\n  ```\n  code\n  ```\n- next\n\n', 'x'],
  ],
  ['leading blank lines', '\n\nhello\n\nworld', ['\n\nhello\n\n', 'world']],
  ['unclosed fence never splits', '```\na\n\nb\n\nc', ['```\na\n\nb\n\nc']],
];

describe('MarkdownBlockSplitter', () => {
  for (const [name, text, expected] of cases) {
    it(`${name}: whole text`, () => expect(splitMarkdownBlocks(text)).toEqual(expected));
    for (const size of [1, 2, 3, 7]) {
      it(`${name}: ${size}-char deltas give the same blocks`, () =>
        expect(streamSplit(text, size)).toEqual(expected));
    }
  }

  it('normalizes CRLF in whole-text mode', () => {
    expect(splitMarkdownBlocks('a\r\n\r\nb')).toEqual(['a\n\n', 'b']);
  });

  it('waits for an ambiguous list marker after a blank line', () => {
    const splitter = new MarkdownBlockSplitter();
    expect(splitter.push('- a\n\n1')).toEqual([]);
    expect(splitter.push('2')).toEqual([]);
    expect(splitter.push('. b\n\nplain')).toEqual(['- a\n\n12. b\n\n']);
  });

  it('scans a huge unfinished line linearly', () => {
    const splitter = new MarkdownBlockSplitter();
    const started = performance.now();
    for (let index = 0; index < 200_000; index += 1) splitter.push('abcde');
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(splitter.tail.length).toBe(1_000_000);
  });

  it('reports link reference definitions', () => {
    const splitter = new MarkdownBlockSplitter();
    splitter.push('see [x]\n\n[x]: https://a.example\n');
    expect(splitter.sawDefinition).toBe(true);
  });
});
