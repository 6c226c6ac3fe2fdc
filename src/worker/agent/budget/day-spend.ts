// ## Owns
// Tokens spent today by every model call, and the US dollars of the priced ones, kept in chrome.storage.local so a worker
// restart does not forget them, and started afresh at local midnight. A record that
// cannot be read counts as nothing spent and is replaced at the next write.
import { z } from '../../../shared/schema/zod';
import type { KeyValueArea } from '../../storage/key-value-area';
import { STORAGE_KEYS } from '../../storage/storage-keys';
import { addTokens, NO_TOKENS, type SpentTokens } from './call-usage';

const DaySpendSchema = z.strictObject({
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  inputTokens: z.number().int().min(0),
  outputTokens: z.number().int().min(0),
  estimated: z.boolean(),
  /** Absent in records written before costs were kept: nothing priced was spent. */
  costUsd: z.number().min(0).max(1e9).optional(),
});

/** The local calendar day of `date`, as YYYY-MM-DD. */
export function localDayOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface DaySpend {
  /** Tokens spent so far today (local time). */
  today(): Promise<SpentTokens>;
  /** US dollars spent so far today by models with prices. */
  todayCost(): Promise<number>;
  /** Adds one call's tokens, and its cost when its model has prices, to today. */
  add(tokens: SpentTokens, costUsd?: number | null): Promise<void>;
}

export function createDaySpend(area: KeyValueArea, now: () => Date = () => new Date()): DaySpend {
  // Writes go one after another so two calls ending together both count.
  let queue: Promise<unknown> = Promise.resolve();
  const readRecord = async () => {
    const parsed = DaySpendSchema.safeParse(await area.get(STORAGE_KEYS.daySpend));
    if (!parsed.success || parsed.data.day !== localDayOf(now())) return null;
    return parsed.data;
  };
  const read = async (): Promise<SpentTokens> => {
    const record = await readRecord();
    if (record === null) return NO_TOKENS;
    const { inputTokens, outputTokens, estimated } = record;
    return { inputTokens, outputTokens, estimated };
  };
  const readCost = async () => (await readRecord())?.costUsd ?? 0;
  return {
    today: () => queue.then(read, read),
    todayCost: () => queue.then(readCost, readCost),
    add(tokens, costUsd = null) {
      const write = async () => {
        const sum = addTokens(await read(), tokens);
        const cost = (await readCost()) + (costUsd ?? 0);
        await area.set(STORAGE_KEYS.daySpend, {
          day: localDayOf(now()),
          inputTokens: Math.round(sum.inputTokens),
          outputTokens: Math.round(sum.outputTokens),
          estimated: sum.estimated,
          ...(cost > 0 ? { costUsd: cost } : {}),
        });
      };
      const next = queue.then(write, write);
      queue = next.catch(() => undefined);
      return next;
    },
  };
}

/** A day spend kept in memory only (tests, and a worker without storage). */
export function createMemoryDaySpend(now?: () => Date): DaySpend {
  const map = new Map<string, unknown>();
  return createDaySpend(
    {
      get: (key) => Promise.resolve(map.get(key)),
      set: (key, value) => {
        map.set(key, value);
        return Promise.resolve();
      },
    },
    now,
  );
}
