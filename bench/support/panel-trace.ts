// Measuring helpers for panel-stream.bench.ts: CDP performance metrics, top-level
// tasks of the panel's main thread from a Chromium trace.

export interface Metrics {
  script: number;
  task: number;
  layout: number;
  style: number;
}

export async function metrics(
  send: (
    method: 'Performance.getMetrics',
  ) => Promise<{ metrics: { name: string; value: number }[] }>,
): Promise<Metrics> {
  const { metrics: list } = await send('Performance.getMetrics');
  const value = (name: string) => (list.find((metric) => metric.name === name)?.value ?? 0) * 1000;
  return {
    script: value('ScriptDuration'),
    task: value('TaskDuration'),
    layout: value('LayoutDuration'),
    style: value('RecalcStyleDuration'),
  };
}

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/**
 * Top-level tasks of the panel page's main thread from a Chromium trace, with wall
 * (dur) and thread CPU (tdur) time in ms, and the run's milestones as trace times.
 * CPU time is what the panel itself costs; wall time also holds waiting for a core
 * on a busy machine.
 */
export function traceTasks(buffer: Buffer) {
  const parsed = JSON.parse(buffer.toString('utf8')) as
    { traceEvents: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : parsed.traceEvents;
  const sent = events.find((event) => event.name === 'panel-stream-sent');
  if (!sent) throw new Error('The trace has no panel marks.');
  const mark = (name: string) =>
    events.find((event) => event.name === `panel-stream-${name}` && event.pid === sent.pid)?.ts ??
    Infinity;
  // Outermost slices only: a Preact render after a resolved promise runs in a
  // microtask checkpoint that is not nested in a RunTask slice.
  const slices = events
    .filter(
      (event) =>
        event.pid === sent.pid &&
        event.tid === sent.tid &&
        event.ph === 'X' &&
        event.dur !== undefined,
    )
    .sort((a, b) => a.ts - b.ts);
  const tasks: { ts: number; wall: number; cpu: number }[] = [];
  let openUntil = -Infinity;
  for (const event of slices) {
    if (event.ts < openUntil) continue;
    openUntil = event.ts + (event.dur ?? 0);
    tasks.push({ ts: event.ts, wall: (event.dur ?? 0) / 1000, cpu: (event.tdur ?? 0) / 1000 });
  }
  return { tasks, sent: sent.ts, done: mark('done'), stored: mark('stored') };
}
