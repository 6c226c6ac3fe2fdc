import { describe, expect, it } from 'vitest';
import { parseChord } from './keys';

describe('key chords', () => {
  it('reads named keys, letters and modifiers', () => {
    expect(parseChord('Enter')).toEqual({
      chord: { spec: { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' }, modifiers: 0 },
    });
    expect(parseChord('Shift+Tab')).toEqual({
      chord: { spec: { key: 'Tab', code: 'Tab', keyCode: 9 }, modifiers: 8 },
    });
    // With Control held a letter is a command and types nothing.
    expect(parseChord('Control+a')).toEqual({
      chord: { spec: { key: 'a', code: 'KeyA', keyCode: 65 }, modifiers: 2 },
    });
    expect(parseChord('shift+a')).toMatchObject({ chord: { spec: { text: 'A' }, modifiers: 8 } });
    expect(parseChord('arrowdown')).toMatchObject({ chord: { spec: { key: 'ArrowDown' } } });
  });

  it('names the part it does not know', () => {
    expect(parseChord('Hyper+a')).toEqual({ unknown: 'Hyper' });
    expect(parseChord('Launch')).toEqual({ unknown: 'Launch' });
  });
});
