// Timing and heap figures shared by the hot-path benchmarks, so every row prints the
// same three numbers: median and p90 wall time over repeated runs after a warm-up,
// and the bytes one run allocates.
//
// Heap is V8's sampling heap profiler at a 1 KiB interval with objects collected by
// minor and major GCs included: the total allocated by one run, short-lived garbage
// included. Peak heap growth during a run cannot exceed it, and unlike a heapUsed
// difference it does not depend on when the collector happened to run.
import { Session } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';

/** One benchmark row. */
export interface Figures {
  readonly medianMs: number;
  readonly p90Ms: number;
  readonly allocatedBytes: number;
}

/** How many runs a row takes; big inputs use fewer. */
export interface RunCounts {
  readonly warmup: number;
  readonly runs: number;
}

const session = new Session();
session.connect();

const gc = (globalThis as { gc?: () => void }).gc ?? (() => undefined);

function percentile(sorted: readonly number[], fraction: number): number {
  const at = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, at)] ?? Number.NaN;
}

// The heap profiler is enabled only while one run is sampled: enabled, it makes V8
// track object moves in every collection, which slowed the timed runs of
// allocation-heavy rows threefold.
async function allocatedBy(run: () => unknown): Promise<number> {
  gc();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 1024,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await run();
  const { profile } = await session.post('HeapProfiler.stopSampling');
  await session.post('HeapProfiler.disable');
  let allocated = 0;
  const walk = (node: { selfSize: number; children: unknown[] }) => {
    allocated += node.selfSize;
    for (const child of node.children) walk(child as typeof node);
  };
  walk(profile.head as never);
  return allocated;
}

/**
 * Times `run` (sync or async) and samples the heap of one more run. Runs follow each
 * other without a forced collection in between, so the figure is the steady state
 * with garbage collected as it is in use: a full collection before every run shrank
 * the young generation and made allocation-heavy rows several times slower than they
 * ever are in the worker.
 */
export async function measure(
  run: () => unknown,
  counts: RunCounts = { warmup: 3, runs: 15 },
): Promise<Figures> {
  // Warm-up: the given runs, and more for fast rows until 200 ms were spent, so the
  // timed runs see optimized code rather than the JIT's first tiers.
  const warmStarted = performance.now();
  for (
    let round = 0;
    round < counts.warmup || (performance.now() - warmStarted < 200 && round < 500);
    round += 1
  )
    await run();
  const samples: number[] = [];
  for (let round = 0; round < counts.runs; round += 1) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  samples.sort((left, right) => left - right);
  return {
    medianMs: percentile(samples, 0.5),
    p90Ms: percentile(samples, 0.9),
    allocatedBytes: await allocatedBy(run),
  };
}

function formatMs(ms: number): string {
  if (ms >= 1_000) return `${(ms / 1_000).toFixed(2)} s`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(2)} ms`;
}

/** Prints one row as `name: median … ms, p90 … ms, heap … MB`. */
export function report(name: string, figures: Figures): void {
  const heap = (figures.allocatedBytes / 1_048_576).toFixed(2);
  console.log(
    `${name}: median ${formatMs(figures.medianMs)}, p90 ${formatMs(figures.p90Ms)}, heap ${heap} MB`,
  );
}

/** Ends the inspector session so the process can exit. */
export function closeMeasure(): void {
  session.disconnect();
}
