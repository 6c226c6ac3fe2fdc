import { describe, expect, it } from 'vitest';
import { findOccurrences, findOccurrencesOfAll } from './find-occurrences';
import { seededRandom } from '../../../../test/support/diff-oracle';

describe('findOccurrencesOfAll', () => {
  it('agrees with one indexOf scan per search on 1,000 seeded random cases', () => {
    const random = seededRandom(314);
    const alphabet = ['a', 'b', '\n', '😀', 'ab'];
    const randomText = (length: number) =>
      Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    for (let run = 0; run < 1_000; run += 1) {
      const text = randomText(Math.floor(random() * 200));
      const searches = Array.from({ length: 1 + Math.floor(random() * 8) }, () =>
        random() < 0.5 && text.length > 0
          ? text.slice(Math.floor(random() * text.length)).slice(0, 1 + Math.floor(random() * 50))
          : randomText(1 + Math.floor(random() * 40)),
      );
      const limit = random() < 0.5 ? 1_000 : 3;
      const expected = searches.map((search) => findOccurrences(text, search, limit));
      expect(
        findOccurrencesOfAll(text, searches, limit),
        JSON.stringify({ text, searches, limit }),
      ).toEqual(expected);
    }
  });

  it('handles searches longer than the text and repeated searches', () => {
    expect(findOccurrencesOfAll('abc', ['abcd', 'bc', 'bc'], 10)).toEqual([
      { first: -1, count: 0 },
      { first: 1, count: 1 },
      { first: 1, count: 1 },
    ]);
  });
});
