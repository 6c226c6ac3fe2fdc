import { describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../storage/storage-keys';
import { createDaySpend, createMemoryDaySpend, localDayOf } from './day-spend';

const tokens = (inputTokens: number, outputTokens = 0, estimated = false) => ({
  inputTokens,
  outputTokens,
  estimated,
});

describe('day spend', () => {
  it('adds the calls of one day, also when they end together', async () => {
    const day = createMemoryDaySpend(() => new Date(2026, 11, 2, 10));
    await Promise.all([day.add(tokens(100, 10)), day.add(tokens(200, 20, true))]);
    expect(await day.today()).toEqual(tokens(300, 30, true));
  });

  it('starts again at local midnight', async () => {
    let now = new Date(2026, 11, 2, 23, 59);
    const day = createMemoryDaySpend(() => now);
    await day.add(tokens(900));
    now = new Date(2026, 11, 3, 0, 1);
    expect(await day.today()).toEqual(tokens(0));
    await day.add(tokens(5));
    expect(await day.today()).toEqual(tokens(5));
  });

  it('counts an unreadable record as nothing spent and replaces it', async () => {
    const map = new Map<string, unknown>([[STORAGE_KEYS.daySpend, { day: 'garbage', tokens: -1 }]]);
    const area = {
      get: async (key: string) => map.get(key),
      set: async (key: string, value: unknown) => void map.set(key, value),
    };
    const now = () => new Date(2026, 0, 5, 12);
    const day = createDaySpend(area, now);
    expect(await day.today()).toEqual(tokens(0));
    await day.add(tokens(7, 3));
    expect(map.get(STORAGE_KEYS.daySpend)).toEqual({
      day: '2026-01-05',
      inputTokens: 7,
      outputTokens: 3,
      estimated: false,
    });
    // Kept across a restart: a new reader of the same area sees it.
    expect(await createDaySpend(area, now).today()).toEqual(tokens(7, 3));
  });

  it('names the local calendar day', () => {
    expect(localDayOf(new Date(2026, 8, 9, 0, 0))).toBe('2026-09-09');
  });

  it('keeps the dollars of priced calls beside the tokens, and starts them again at midnight', async () => {
    let now = new Date(2026, 11, 2, 12);
    const day = createMemoryDaySpend(() => now);
    expect(await day.todayCost()).toBe(0);
    await Promise.all([day.add(tokens(100), 0.25), day.add(tokens(50)), day.add(tokens(1), 0.5)]);
    expect(await day.todayCost()).toBe(0.75);
    expect(await day.today()).toEqual(tokens(151));
    now = new Date(2026, 11, 3, 0, 1);
    expect(await day.todayCost()).toBe(0);
  });
});
