import { describe, expect, it } from 'vitest';
import { foldText, foldedPattern, wantsTurkishFold } from './fold-text';

const finds = (query: string, text: string, turkish = false) => {
  const pattern = foldedPattern(query, { turkish });
  pattern.lastIndex = 0;
  const found = pattern.exec(foldText(text, { turkish }));
  // The page's own text at the folded match's offsets.
  return found ? text.slice(found.index, found.index + found[0].length) : null;
};

describe('folding text for matching', () => {
  it('keeps the length of every text, whatever it holds', () => {
    for (const text of ['Résumé', 'İstanbul ŞİRKET', 'ﬁle Straße', 'e\u0301te\u0301', '😀 ok', 'ǅ'])
      expect(foldText(text, { turkish: true })).toHaveLength(text.length);
  });

  it('matches across case and accents, precomposed or decomposed', () => {
    expect(finds('resume', 'My Résumé here')).toBe('Résumé');
    expect(finds('RESUME', 're\u0301sume\u0301 done')).toBe('re\u0301sume\u0301');
    expect(finds('Munchen', 'Flug nach MÜNCHEN')).toBe('MÜNCHEN');
    expect(finds('São Paulo', 'sao   paulo')).toBe('sao   paulo');
    expect(finds('crème brûlée', 'CREME BRULEE')).toBe('CREME BRULEE');
  });

  it('needs the Turkish option for the dotless ı', () => {
    expect(finds('kapi', 'Kapı açık')).toBeNull();
    expect(finds('kapi', 'Kapı açık', true)).toBe('Kapı');
    expect(finds('sirket', 'ŞİRKET bilgileri')).toBe('ŞİRKET');
    expect(finds('istanbul', 'İstanbul', true)).toBe('İstanbul');
    expect(wantsTurkishFold('tr-TR')).toBe(true);
    expect(wantsTurkishFold('az')).toBe(true);
    expect(wantsTurkishFold('en')).toBe(false);
    expect(wantsTurkishFold('tra')).toBe(false);
  });

  it('treats the query as literal text and never matches across a stop', () => {
    expect(finds('a.b (c)*', 'xa.b (c)*y')).toBe('a.b (c)*');
    expect(finds('a.b', 'axb')).toBeNull();
    expect(finds('a-b/c', 'A-B/C')).toBe('A-B/C');
    expect(finds('add to cart', 'add to\u0000cart')).toBeNull();
    expect(finds('add to cart', 'add\nto  cart')).toBe('add\nto  cart');
  });
});
