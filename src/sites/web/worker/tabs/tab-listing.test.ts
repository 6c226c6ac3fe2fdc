import { describe, expect, it } from 'vitest';
import { addressOf, handleAt, listTabRows, tabOfHandle, type TabRow } from './tab-listing';

const rows = (count: number): TabRow[] =>
  Array.from({ length: count }, (_unused, index) => ({
    index,
    tabId: 100 + index,
    inGroup: true,
    facts: { title: `Result ${index + 1}`, url: `https://shop.example/item/${index + 1}` },
  }));

describe('tab handles', () => {
  it('names the run tabs t1, t2, … in the order they joined, and nothing else', () => {
    const tabIds = [7, 21, 22];
    expect(tabIds.map((_id, index) => handleAt(index))).toEqual(['t1', 't2', 't3']);
    expect(tabOfHandle(tabIds, 't1')).toBe(7);
    expect(tabOfHandle(tabIds, ' T3 ')).toBe(22);
    for (const handle of ['t4', 't0', 't01', '21', 'tab 2', 't2; t3', ''])
      expect(tabOfHandle(tabIds, handle), handle).toBeUndefined();
  });
});

describe('listTabRows', () => {
  it('lists at most 20 of 50 tabs, always with the current one, and counts the rest', () => {
    const listing = listTabRows(rows(50), 145);
    expect(listing.tabs).toHaveLength(20);
    expect(listing.open).toBe(50);
    expect(listing.tabs.slice(0, 19).map((tab) => tab.tab)).toEqual(
      Array.from({ length: 19 }, (_unused, index) => `t${index + 1}`),
    );
    expect(listing.tabs[19]).toMatchObject({ tab: 't46', current: true });
    expect(listing.tabs.filter((tab) => tab.current)).toHaveLength(1);
    expect(JSON.stringify(listing).length).toBeLessThan(4_000);
  });

  it('counts closed tabs without listing them, and keeps titles and addresses short', () => {
    const [first, second, third] = rows(3);
    if (!first || !second || !third) throw new Error('rows');
    const listing = listTabRows(
      [
        {
          ...first,
          facts: {
            title: `Buy\n now ${'x'.repeat(300)}`,
            url: 'https://shop.example/a?token=s3cret#top',
          },
        },
        { ...second, facts: undefined },
        { ...third, inGroup: false },
      ],
      100,
    );
    expect(listing).toMatchObject({ open: 2, closed: 1 });
    expect(listing.tabs.map((tab) => tab.tab)).toEqual(['t1', 't3']);
    expect(listing.tabs[0]?.title.length).toBe(80);
    expect(listing.tabs[0]?.title.startsWith('Buy now x')).toBe(true);
    expect(listing.tabs[0]?.address).toBe('shop.example/a');
    expect(listing.tabs[1]).toMatchObject({ in_group: false, current: false });
  });

  it('gives no address for text that is not one', () => {
    expect(addressOf('not a url')).toBe('');
  });
});
