import { describe, expect, it } from 'vitest';
import { readPythonCallList } from './python-call-literals';

const nested = (depth: number) => `[f(x=${'['.repeat(depth)}1${']'.repeat(depth)})]`;

describe('readPythonCallList', () => {
  it('reads plain literals of every kind into JSON values', () => {
    const read = readPythonCallList(
      `[f(s="a\\tb\\u00e9", n=-2.5e3, t=True, f=false, z=None, l=[1, 'x',], d={'k': {"j": []}})]`,
      0,
    );
    expect(read?.calls).toEqual([
      {
        name: 'f',
        arguments: {
          s: 'a\tbé',
          n: -2500,
          t: true,
          f: false,
          z: null,
          l: [1, 'x'],
          d: { k: { j: [] } },
        },
      },
    ]);
  });

  it('reads a list that starts after space and ends before more text', () => {
    const text = '  [ns.tool()] and more';
    expect(readPythonCallList(text, 0)).toEqual({
      calls: [{ name: 'ns.tool', arguments: {} }],
      end: 13,
    });
  });

  it('reads nesting up to its bound and refuses one level deeper', () => {
    expect(readPythonCallList(nested(16), 0)).not.toBeNull();
    expect(readPythonCallList(nested(17), 0)).toBeNull();
  });

  it.each([
    ['an expression', '[f(x=1+2)]'],
    ['a call as an argument', '[f(x=g())]'],
    ['a bytes string', "[f(x=b'z')]"],
    ['an unknown escape', "[f(x='\\q')]"],
    ['a string across lines', "[f(x='a\nb')]"],
    ['a dict key that is not a string', '[f(x={1: 2})]'],
    ['a positional argument', "[f('x')]"],
    ['an empty list', '[]'],
    ['an unclosed list', "[f(x='a')"],
    ['a number run into a name', '[f(x=1abc)]'],
  ])('refuses %s', (_, text) => {
    expect(readPythonCallList(text, 0)).toBeNull();
  });
});
