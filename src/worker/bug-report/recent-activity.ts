// ## Owns
// What this worker instance remembers, in memory only, for a bug report: the last
// model requests and responses (a ring of 20, each cut to 4 KB) and the latest run's
// events. It listens on the runs' trace sinks, so it sees every model call whether or
// not the person turned trace recording on, and keeps only text that passed the
// trace filter (secrets replaced, credential fields dropped).
// ## Never
// Writes anything to storage or makes a run wait; a worker restart forgets it all.
import type { TracePhase } from '../../shared/protocol/trace-records';
import { scrubText, traceDetail } from '../../shared/secrets/trace-scrub';
import { addForgotten, forgetIn } from '../../shared/secrets/forget-values';
import { NO_TRACE, type TraceEventInput, type TraceStarter } from '../agent/trace-sink';

export const MAX_EXCHANGES = 20;
export const MAX_EXCHANGE_CHARS = 4_096;
export const MAX_RUN_EVENTS = 200;
const MAX_SUMMARY_CHARS = 300;

/** One model request or response as kept for a report. */
export interface RecentExchange {
  readonly at: number;
  readonly runId: string;
  readonly kind: 'model-request' | 'model-response';
  readonly phase: TracePhase;
  readonly model: string;
  readonly summary: string;
  readonly durationMs?: number;
  /** Filtered JSON, cut at {@link MAX_EXCHANGE_CHARS} with the cut said. */
  readonly detail: string;
}

/** One event of the latest run, its summary only. */
export interface RecentRunEvent {
  readonly at: number;
  readonly kind: string;
  readonly phase: string;
  readonly name?: string;
  readonly summary: string;
}

export interface RecentRun {
  readonly runId: string;
  readonly siteId: string;
  readonly startedAt: number;
  endedAt: number | null;
  status: 'running' | 'done' | 'error' | 'cancelled' | 'interrupted';
  errorCode?: string;
  readonly events: RecentRunEvent[];
  /** Events after the first {@link MAX_RUN_EVENTS}, counted only. */
  droppedEvents: number;
}

export interface RecentActivity {
  /** `starter` (or none) with every run's sink also feeding this memory. */
  watch(starter: TraceStarter | undefined): TraceStarter;
  exchanges(): readonly RecentExchange[];
  lastRun(): RecentRun | null;
}

const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}\n[cut: ${text.length} characters in all]` : text;

export function createRecentActivity(now: () => number = Date.now): RecentActivity {
  const ring: RecentExchange[] = [];
  let last: RecentRun | null = null;
  // Values each run learned are secret; only runs still in memory keep an entry.
  const forgottenByRun = new Map<string, string[]>();
  const forgetFor = (runId: string, text: string) =>
    forgetIn(text, forgottenByRun.get(runId) ?? []);

  const keep = (run: RecentRun, event: TraceEventInput) => {
    const summary = cut(forgetFor(run.runId, scrubText(event.summary)), MAX_SUMMARY_CHARS);
    if (event.kind === 'model-request' || event.kind === 'model-response') {
      ring.push({
        at: now(),
        runId: run.runId,
        kind: event.kind,
        phase: event.phase,
        model: scrubText(event.name ?? '').slice(0, 200),
        summary,
        ...(event.durationMs !== undefined ? { durationMs: Math.round(event.durationMs) } : {}),
        detail: cut(forgetFor(run.runId, traceDetail(event.detail)), MAX_EXCHANGE_CHARS),
      });
      if (ring.length > MAX_EXCHANGES) ring.splice(0, ring.length - MAX_EXCHANGES);
    }
    if (run.events.length >= MAX_RUN_EVENTS) {
      run.droppedEvents += 1;
      return;
    }
    run.events.push({
      at: now(),
      kind: event.kind,
      phase: event.phase,
      ...(event.name !== undefined ? { name: scrubText(event.name).slice(0, 200) } : {}),
      summary,
    });
  };

  const forget = (run: RecentRun, values: readonly string[]) => {
    const known = addForgotten(forgottenByRun.get(run.runId) ?? [], values);
    forgottenByRun.set(run.runId, known);
    for (const [index, exchange] of ring.entries()) {
      if (exchange.runId !== run.runId) continue;
      ring[index] = {
        ...exchange,
        summary: forgetIn(exchange.summary, known),
        detail: forgetIn(exchange.detail, known),
      };
    }
    run.events.forEach((event, index) => {
      run.events[index] = { ...event, summary: forgetIn(event.summary, known) };
    });
    const live = new Set([...ring.map((exchange) => exchange.runId), last?.runId]);
    for (const runId of forgottenByRun.keys()) if (!live.has(runId)) forgottenByRun.delete(runId);
  };

  return {
    watch: (starter) => (input) => {
      const inner = starter?.(input) ?? NO_TRACE;
      const run: RecentRun = {
        runId: input.runId,
        siteId: input.siteId.slice(0, 64),
        startedAt: now(),
        endedAt: null,
        status: 'running',
        events: [],
        droppedEvents: 0,
      };
      last = run;
      return {
        title: (text) => inner.title(text),
        record: (event) => {
          // The report must never break a run; a bad event is simply not kept.
          try {
            keep(run, event);
          } catch {
            /* not kept */
          }
          inner.record(event);
        },
        forget: (values) => {
          try {
            forget(run, values);
          } catch {
            /* the trace below still forgets */
          }
          inner.forget(values);
        },
        end: (status, errorCode) => {
          run.status = status;
          run.endedAt = now();
          if (errorCode !== undefined) run.errorCode = errorCode.slice(0, 64);
          inner.end(status, errorCode);
        },
      };
    },
    exchanges: () => [...ring],
    lastRun: () => last,
  };
}
