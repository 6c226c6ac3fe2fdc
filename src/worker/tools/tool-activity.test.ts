import { describe, expect, it } from 'vitest';
import { BUILTIN_TOOLS } from './builtin-tools';
import {
  counted,
  describeActivity,
  quoted,
  resultField,
  type JsonValue,
  type ToolOutcome,
} from './define-tool';

const done = (result: JsonValue): ToolOutcome => ({ ok: true, result, summary: '' });

describe('describeActivity', () => {
  it('gives the describer the arguments and the outcome, on one line', () => {
    const tool = {
      activity: (args: { path: string }, outcome?: ToolOutcome) =>
        `Read ${args.path},\n  ${outcome ? 'done' : 'running'}`,
    };
    expect(describeActivity(tool, { path: 'main.typ' })).toBe('Read main.typ, running');
    expect(describeActivity(tool, { path: 'main.typ' }, done(null))).toBe('Read main.typ, done');
  });

  it('cuts a long line to 200 characters with an ellipsis, never inside a surrogate pair', () => {
    const line = describeActivity({ activity: () => `${'a'.repeat(198)}\u{1F600}tail` }, {});
    expect(line).toHaveLength(199);
    expect(line?.endsWith('a\u2026')).toBe(true);
    expect(describeActivity({ activity: () => 'b'.repeat(500) }, {})).toHaveLength(200);
  });

  it('leaves the line out when the tool has no describer, it throws, or it says nothing', () => {
    expect(describeActivity({}, {})).toBeUndefined();
    const throwing = {
      activity: (): string => {
        throw new Error('bad describer');
      },
    };
    expect(describeActivity(throwing, {})).toBeUndefined();
    expect(describeActivity({ activity: () => '  \n ' }, {})).toBeUndefined();
  });

  it('quotes page text on one line and counts with the right noun', () => {
    expect(quoted('Add\n to   cart')).toBe("'Add to cart'");
    expect(quoted('x'.repeat(100), 10)).toBe(`'${'x'.repeat(9)}\u2026'`);
    expect(counted(1, 'match', 'matches')).toBe('1 match');
    expect(counted(3, 'match', 'matches')).toBe('3 matches');
    expect(counted(0, 'error')).toBe('0 errors');
  });

  it('reads a field of a successful object result only', () => {
    expect(resultField(done({ total: 3 }), 'total')).toBe(3);
    expect(resultField(done([1]), 'total')).toBeUndefined();
    expect(resultField({ ok: false, code: 'TOOL_FAILED', message: 'x' }, 'total')).toBeUndefined();
    expect(resultField(undefined, 'total')).toBeUndefined();
  });
});

describe('packaged tools', () => {
  it('every packaged tool describes its calls in words', () => {
    const without = BUILTIN_TOOLS.filter((tool) => tool.activity === undefined).map(
      (tool) => tool.name,
    );
    expect(without).toEqual([]);
  });
});
