// ## Owns
// Turning one run's trace events into stored records: reads the person's trace
// settings once at run start (off: everything is dropped unread), filters each event
// (trace-scrub.ts), numbers it and writes it in order behind the run. A run that
// would pass the size limit, or meets a full browser store, stops recording with a
// code on its summary and keeps what was stored; at the end the oldest runs over the
// limits are deleted.
// ## Never
// Throws into the run or makes it wait: every write is chained and its failure caught.
import {
  MAX_TRACE_EVENTS,
  MAX_TRACE_SUMMARY_CHARS,
  type TraceEvent,
  type TraceRun,
  type TraceSettings,
} from '../../shared/protocol/trace-records';
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { TraceEventInput, TraceSink, TraceStarter } from '../agent/trace-sink';
import { scrubText, traceDetail } from '../../shared/secrets/trace-scrub';
import { addForgotten, forgetIn } from '../../shared/secrets/forget-values';
import type { TraceLimits, TracesStore } from './traces.store';

export interface TraceRecorderDeps {
  readonly store: TracesStore;
  readonly now?: () => number;
  readonly onProblem?: (problem: string) => void;
}

export const MEGABYTE = 1_048_576;
export const limitsOf = (settings: TraceSettings): TraceLimits => ({
  maxRuns: settings.maxRuns,
  maxBytes: settings.maxMegabytes * MEGABYTE,
});

const clipped = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** The starter, whose sinks also tell when everything they were given is written. */
export type RecordingStarter = (
  input: Parameters<TraceStarter>[0],
) => TraceSink & { settled(): Promise<void> };

export function createTraceStarter(deps: TraceRecorderDeps): RecordingStarter {
  const now = deps.now ?? Date.now;
  return (input) => {
    const run: TraceRun = {
      runId: input.runId,
      sessionId: input.sessionId,
      title: '',
      siteId: clipped(input.siteId, 64),
      startedAt: now(),
      endedAt: null,
      status: 'running',
      events: 0,
      bytes: 0,
    };
    // Raw inputs wait here until the settings are read; off drops them unread.
    let pending: (() => void)[] | null = [];
    let settings: TraceSettings | null = null;
    let seq = 0;
    let forgotten: string[] = [];
    let chain: Promise<void> = Promise.resolve();
    const write = (event: TraceEvent | null) => {
      const summary = { ...run };
      chain = chain
        .then(() => deps.store.append(summary, event))
        .catch((error: unknown) => {
          if (error instanceof ProtocolFailure && error.code === 'STORAGE_QUOTA_EXCEEDED') {
            stop('TRACE_QUOTA_EXCEEDED');
          } else deps.onProblem?.(`trace write failed: ${String(error)}`);
        });
    };
    const stop = (code: NonNullable<TraceRun['stopped']>) => {
      if (run.stopped) return;
      run.stopped = code;
      // Best effort: a store with no room may refuse this too; the events stay either way.
      const summary = { ...run };
      chain = chain.then(() => deps.store.append(summary, null)).catch(() => undefined);
    };
    const whenReady = (step: () => void) => {
      if (pending) pending.push(step);
      else if (settings?.enabled === true) step();
    };
    const ready = deps.store
      .settings()
      .catch(() => null)
      .then((read) => {
        settings = read;
        const steps = pending ?? [];
        pending = null;
        if (read?.enabled !== true) return;
        write(null);
        for (const step of steps) step();
      });
    const sink: TraceSink = {
      title: (text) =>
        whenReady(() => {
          run.title = clipped(scrubText(text.replace(/\s+/g, ' ').trim()), 200);
        }),
      record: (event: TraceEventInput) =>
        whenReady(() => {
          if (run.stopped || !settings) return;
          if (seq >= MAX_TRACE_EVENTS) return stop('TRACE_EVENT_LIMIT');
          const stored: TraceEvent = {
            runId: run.runId,
            seq,
            at: now(),
            kind: event.kind,
            phase: event.phase,
            ...(event.name !== undefined ? { name: clipped(scrubText(event.name), 200) } : {}),
            ...(event.callId !== undefined ? { callId: clipped(event.callId, 256) } : {}),
            ...(event.durationMs !== undefined
              ? { durationMs: Math.min(Math.round(event.durationMs), 8.64e7) }
              : {}),
            summary: clipped(
              forgetIn(scrubText(event.summary), forgotten),
              MAX_TRACE_SUMMARY_CHARS,
            ),
            detail: forgetIn(traceDetail(event.detail), forgotten),
          };
          const size = stored.detail.length + stored.summary.length;
          // One run never takes more than the whole allowance.
          if (run.bytes + size > limitsOf(settings).maxBytes) return stop('TRACE_QUOTA_EXCEEDED');
          seq += 1;
          run.events += 1;
          run.bytes += size;
          write(stored);
        }),
      forget: (values) =>
        whenReady(() => {
          if (values.length === 0) return;
          forgotten = addForgotten(forgotten, values);
          const known = forgotten;
          // Chained behind the writes already queued, so they are rewritten too.
          chain = chain
            .then(() => deps.store.rewriteEvents(run.runId, (text) => forgetIn(text, known)))
            .then(() => undefined)
            .catch(() => deps.onProblem?.('trace rewrite failed'));
        }),
      end: (status, errorCode) =>
        whenReady(() => {
          run.status = status;
          run.endedAt = now();
          if (errorCode !== undefined) run.errorCode = clipped(errorCode, 64);
          write(null);
          const limits = settings ? limitsOf(settings) : null;
          chain = chain
            .then(() => (limits ? deps.store.enforce(limits, run.runId) : 0))
            .then(() => undefined)
            .catch(() => deps.onProblem?.('trace retention failed'));
        }),
    };
    const settled = async () => {
      await ready;
      for (let last = chain; ; last = chain) {
        await last;
        if (last === chain) return;
      }
    };
    return { ...sink, settled };
  };
}
