import { describe, expect, it } from 'vitest';
import { cleanCompletion, MAX_COMPLETION_CHARS, MAX_COMPLETION_LINES } from './completion-reply';

describe('cleanCompletion', () => {
  it('keeps a plain continuation as it is, leading space included', () => {
    expect(cleanCompletion(' of the thesis.', 'The scope')).toBe(' of the thesis.');
  });

  it('takes the inside of a code fence', () => {
    expect(cleanCompletion('```typst\n#strong[x]\n```', 'a ')).toBe('#strong[x]');
    expect(cleanCompletion('Here:\n```\nmore text', 'a ')).toBe('more text');
  });

  it('drops think blocks, closed or left open', () => {
    expect(cleanCompletion('<think>plan</think> rest', 'x')).toBe(' rest');
    expect(cleanCompletion('<think>never closed', 'x')).toBeNull();
  });

  it('cuts the current line repeated at the start of the answer', () => {
    expect(cleanCompletion('The results show growth.', 'Intro\nThe results')).toBe(' show growth.');
  });

  it('cuts a repeated tail of the text before the cursor, not a short coincidence', () => {
    expect(cleanCompletion('careful reading and more', 'grows from careful reading')).toBe(
      ' and more',
    );
    expect(cleanCompletion('s are', 'The thesis')).toBe('s are');
  });

  it('bounds the ghost text in lines and characters and never ends on half a surrogate pair', () => {
    const lines = Array.from({ length: 20 }, (_, index) => `line ${index}`).join('\n');
    expect(cleanCompletion(lines, 'x')?.split('\n')).toHaveLength(MAX_COMPLETION_LINES);
    const long = cleanCompletion(`${'a'.repeat(MAX_COMPLETION_CHARS - 1)}😀tail`, 'x');
    expect(long).toBe('a'.repeat(MAX_COMPLETION_CHARS - 1));
  });

  it('answers null when nothing but whitespace is left, and strips controls', () => {
    expect(cleanCompletion('   \n  ', 'x')).toBeNull();
    expect(cleanCompletion('a\u0007b\u202ec', 'x')).toBe('abc');
  });
});
