// A Map-backed KeyValueArea for settings tests. Values are cloned on the way in and
// out, as chrome.storage serializes them, so a test cannot mutate stored state.
import type { KeyValueArea } from '../key-value-area';

export function createMemoryArea(
  initial: Record<string, unknown> = {},
): KeyValueArea & { readonly data: Map<string, unknown>; failNextSet?: Error | undefined } {
  const data = new Map<string, unknown>(Object.entries(initial));
  const area = {
    data,
    failNextSet: undefined as Error | undefined,
    async get(key: string) {
      const value = data.get(key);
      return value === undefined ? undefined : structuredClone(value);
    },
    async set(key: string, value: unknown) {
      if (area.failNextSet) {
        const error = area.failNextSet;
        area.failNextSet = undefined;
        throw error;
      }
      data.set(key, structuredClone(value));
    },
  };
  return area;
}
