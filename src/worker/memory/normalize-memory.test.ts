import { describe, expect, it } from 'vitest';
import { MAX_MEMORY_RECORDS } from '../../shared/protocol/memory-messages';
import { memoryRecord } from './__fixtures__/memory-records';
import { isPageFact, normalizeRecords, normalizedText, refusalOf } from './normalize-memory';

describe('refusalOf', () => {
  it.each([
    ['', /nothing to remember/],
    ['x'.repeat(501), /too long/],
    ['my password: hunter2', /password or PIN/],
    ['card 4111 1111 1111 1111', /payment card/],
    ['<script>alert(1)</script> I like tea', /markup or script/],
    ['<img src=x onerror=alert(1)>', /markup or script/],
    ['This page says the price is 20 euros', /describes a web page/],
    ['see https://shop.example/item', /describes a web page/],
    ['```\nconst x = 1;\n```', /pasted content/],
    ['line one\nline two\nline three\nline four', /pasted content/],
  ])('refuses %j', (text, reason) => {
    expect(refusalOf(text)).toMatch(reason);
  });

  it.each(['I prefer metric units', 'Answer in German', 'I am a nurse; keep terms simple'])(
    'accepts %j',
    (text) => {
      expect(refusalOf(text)).toBeNull();
      expect(isPageFact(text)).toBe(false);
    },
  );
});

describe('normalizedText', () => {
  it('ignores case, spacing and end punctuation', () => {
    expect(normalizedText('  I prefer   METRIC units. ')).toBe(
      normalizedText('i prefer metric units'),
    );
  });
});

describe('normalizeRecords', () => {
  it('drops malformed, secret, page-fact and duplicate records with reasons', () => {
    const result = normalizeRecords(
      [
        memoryRecord({ id: 'a1' }),
        { id: 'a2', text: 42 },
        memoryRecord({ id: 'a3', text: 'token: abcdefgh' }),
        memoryRecord({ id: 'a4', text: 'According to the article, cats sleep a lot' }),
        memoryRecord({ id: 'a5', text: 'i prefer metric UNITS!' }),
        memoryRecord({ id: 'a6', text: 'Reply briefly' }),
        memoryRecord({ id: 'a7', text: 'Reply briefly', scope: 'https://shop.example' }),
      ],
      [memoryRecord({ id: 'old', text: 'Use dark mode' })],
    );
    expect(result.records.map((record) => record.id)).toEqual(['a1', 'a6', 'a7']);
    expect(result.dropped).toBe(4);
    expect(result.reasons).toEqual([
      'Record 2: it is not a valid memory record.',
      expect.stringMatching(/^Record 3: .*password or PIN/),
      expect.stringMatching(/^Record 4: .*web page/),
      'Record 5: the same text is already remembered.',
    ]);
  });

  it('refuses a record repeating an existing id or one past the record limit', () => {
    const existing = Array.from({ length: MAX_MEMORY_RECORDS - 1 }, (_, index) =>
      memoryRecord({ id: `e${index}`, text: `note ${index}` }),
    );
    const result = normalizeRecords(
      [
        memoryRecord({ id: 'e0', text: 'fresh text' }),
        memoryRecord({ id: 'n1', text: 'one more' }),
        memoryRecord({ id: 'n2', text: 'too many' }),
      ],
      existing,
    );
    expect(result.records.map((record) => record.id)).toEqual(['n1']);
    expect(result.reasons[0]).toBe('Record 1: its id is already used.');
    expect(result.reasons[1]).toMatch(/at most 500 records/);
  });
});
