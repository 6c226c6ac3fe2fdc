// ## Owns
// Inline completion's local figures: how many ghost texts were shown, accepted and
// dismissed, and the latency from the request to the ghost text (the last
// MAX_LATENCY_SAMPLES). Kept on this device only, in chrome.storage.local through the
// injected `storage`, and never sent anywhere.
import { z } from '../../shared/schema/zod';
import { boundedArray } from '../../shared/schema/bounded';

export const MAX_LATENCY_SAMPLES = 200;

export const CompletionStatsRecordSchema = z.strictObject({
  shown: z.number().int().min(0),
  accepted: z.number().int().min(0),
  dismissed: z.number().int().min(0),
  latenciesMs: boundedArray(z.number().min(0).max(600_000), MAX_LATENCY_SAMPLES),
});
export type CompletionStatsRecord = z.infer<typeof CompletionStatsRecordSchema>;

/** What Settings shows. */
export interface CompletionStatsSummary {
  readonly shown: number;
  readonly accepted: number;
  readonly dismissed: number;
  /** Median of the recent latencies, or null before the first shown completion. */
  readonly medianLatencyMs: number | null;
  /** accepted / shown, or null before the first shown completion. */
  readonly acceptanceRate: number | null;
}

export interface CompletionStatsStorage {
  load(): Promise<unknown>;
  save(record: CompletionStatsRecord): Promise<void>;
}

const EMPTY: CompletionStatsRecord = { shown: 0, accepted: 0, dismissed: 0, latenciesMs: [] };

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

export function summarize(record: CompletionStatsRecord): CompletionStatsSummary {
  return {
    shown: record.shown,
    accepted: record.accepted,
    dismissed: record.dismissed,
    medianLatencyMs: median(record.latenciesMs),
    acceptanceRate: record.shown === 0 ? null : Math.min(1, record.accepted / record.shown),
  };
}

export interface CompletionStats {
  shown(latencyMs: number): Promise<void>;
  outcome(kind: 'accepted' | 'dismissed'): Promise<void>;
  summary(): Promise<CompletionStatsSummary>;
}

export function createCompletionStats(storage: CompletionStatsStorage): CompletionStats {
  // Updates are chained, so two signals arriving together never lose one count.
  let chain: Promise<void> = Promise.resolve();
  let current: CompletionStatsRecord | null = null;
  const read = async (): Promise<CompletionStatsRecord> => {
    if (current) return current;
    const parsed = CompletionStatsRecordSchema.safeParse(await storage.load().catch(() => null));
    current = parsed.success ? parsed.data : EMPTY;
    return current;
  };
  const update = (change: (record: CompletionStatsRecord) => CompletionStatsRecord) => {
    chain = chain.then(async () => {
      current = change(await read());
      await storage.save(current).catch(() => undefined);
    });
    return chain;
  };
  return {
    shown: (latencyMs) =>
      update((record) => ({
        ...record,
        shown: record.shown + 1,
        latenciesMs: [...record.latenciesMs, Math.round(latencyMs)].slice(-MAX_LATENCY_SAMPLES),
      })),
    outcome: (kind) => update((record) => ({ ...record, [kind]: record[kind] + 1 })),
    summary: async () => {
      await chain;
      return summarize(await read());
    },
  };
}
