import { describe, expect, it, vi } from 'vitest';
import { createTypstSyntaxChecker } from './typst-syntax-checker';
import { nodeTypstSyntax } from '../../../../../test/support/typst-syntax-node';

const signal = new AbortController().signal;

describe('createTypstSyntaxChecker', () => {
  it('reports the parser’s own message at UTF-16 offsets of the checked text', async () => {
    const checker = createTypstSyntaxChecker(nodeTypstSyntax());
    const text = 'ééé 😀 #let x = (\nmore';
    const result = await checker.check(text, signal);
    expect(result).toEqual({
      kind: 'checked',
      issues: [
        {
          from: text.indexOf('('),
          to: text.indexOf('(') + 1,
          message: 'unclosed delimiter',
          hints: [],
        },
      ],
    });
  });

  it('finds nothing in a valid document and every error in a broken one', async () => {
    const checker = createTypstSyntaxChecker(nodeTypstSyntax());
    const valid = await checker.check('= Title\n#let x = (1, 2)\n*bold* and $x^2$\n', signal);
    expect(valid).toEqual({ kind: 'checked', issues: [] });
    const broken = await checker.check('a ] b\n#f(a, b', signal);
    expect(broken.kind === 'checked' && broken.issues.map((issue) => issue.message)).toEqual([
      'unexpected closing bracket',
      'unclosed delimiter',
    ]);
  });

  it('says it is unavailable for a document over its size cap without parsing it', async () => {
    const wasm = vi.fn(() => Promise.reject(new Error('not reached')));
    const checker = createTypstSyntaxChecker(nodeTypstSyntax(wasm), { maxChars: 10 });
    const result = await checker.check('#let x = (1, 2, 3)', signal);
    expect(result).toEqual({
      kind: 'unavailable',
      reason: 'the document has more than 10 characters.',
    });
    expect(wasm).not.toHaveBeenCalled();
  });

  it('parses a text it checked a moment ago only once', async () => {
    const source = nodeTypstSyntax();
    const glue = await source.glue();
    const trees = vi.spyOn(glue.TypstWasmParser.prototype, 'tree');
    const checker = createTypstSyntaxChecker(source);
    const text = '#let x = (1, 2)\n';
    await checker.check(text, signal);
    await checker.check('= Other\n', signal);
    await checker.check(text, signal);
    expect(trees).toHaveBeenCalledTimes(2);
    trees.mockRestore();
  });
});
