import { describe, expect, it } from 'vitest';
import { parseChord } from './keys';
import { mayControlTab } from './may-control-tab';

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

describe('mayControlTab', () => {
  const granted = (patterns: string[]) => (pattern: string) =>
    Promise.resolve(patterns.includes(pattern));

  it('allows a tab on a site the person granted, whatever its port or path', async () => {
    expect(
      await mayControlTab(
        'https://shop.example:8443/cart?x=1',
        granted(['https://shop.example/*']),
      ),
    ).toBeNull();
  });

  it('refuses other sites, other schemes and unknown addresses, naming the site', async () => {
    const check = granted(['https://shop.example/*']);
    const other = await mayControlTab('https://bank.example/', check);
    expect(other?.code).toBe('INPUT_NOT_ALLOWED');
    expect(other?.message).toContain('bank.example');
    expect((await mayControlTab('http://shop.example/', check))?.code).toBe('INPUT_NOT_ALLOWED');
    expect((await mayControlTab('chrome://settings', check))?.code).toBe('INPUT_NOT_ALLOWED');
    expect((await mayControlTab(undefined, check))?.code).toBe('INPUT_NOT_ALLOWED');
    expect(
      (await mayControlTab('https://shop.example/', () => Promise.reject(new Error('x'))))?.code,
    ).toBe('INPUT_NOT_ALLOWED');
  });
});
