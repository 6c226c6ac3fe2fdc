// ## Owns
// Tokens spent today by every model call, kept in chrome.storage.local so a worker
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
});

/** The local calendar day of `date`, as YYYY-MM-DD. */
export function localDayOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface DaySpend {
  /** Tokens spent so far today (local time). */
  today(): Promise<SpentTokens>;
  /** Adds one call's tokens to today. */
  add(tokens: SpentTokens): Promise<void>;
}

export function createDaySpend(area: KeyValueArea, now: () => Date = () => new Date()): DaySpend {
  // Writes go one after another so two calls ending together both count.
  let queue: Promise<unknown> = Promise.resolve();
  const read = async (): Promise<SpentTokens> => {
    const parsed = DaySpendSchema.safeParse(await area.get(STORAGE_KEYS.daySpend));
    if (!parsed.success || parsed.data.day !== localDayOf(now())) return NO_TOKENS;
    const { inputTokens, outputTokens, estimated } = parsed.data;
    return { inputTokens, outputTokens, estimated };
  };
  return {
    today: () => queue.then(read, read),
    add(tokens) {
      const write = async () => {
        const sum = addTokens(await read(), tokens);
        await area.set(STORAGE_KEYS.daySpend, {
          day: localDayOf(now()),
          inputTokens: Math.round(sum.inputTokens),
          outputTokens: Math.round(sum.outputTokens),
          estimated: sum.estimated,
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
