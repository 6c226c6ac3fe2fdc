// Handler for Settings → General "Copy diagnostics" (diagnostics-messages.ts): gathers
// the facts and lets the report builder filter and bound them. The latest run comes
// from this worker's memory, else from the newest recorded trace.
import type { GroupHandlers } from '../../shared/protocol/define-channel';
import type { diagnosticsRequestMethods } from '../../shared/protocol/diagnostics-messages';
import { buildDiagnosticsReport } from '../bug-report/diagnostics-report';
import { MAX_RUN_EVENTS, type RecentActivity, type RecentRun } from '../bug-report/recent-activity';
import { readDiagnostics } from '../diagnostics';
import type { SettingsStore } from '../storage/store-contracts';
import type { TracesStore } from '../traces/traces.store';

export interface DiagnosticsHandlerDeps {
  readonly version: string;
  readonly settings: SettingsStore;
  readonly traceStore: TracesStore;
  /** The agent keeps its runs' recent model calls (worker-agent.ts). */
  readonly agent: { readonly recentActivity: RecentActivity };
  readonly userAgent?: string;
  readonly workerFacts?: () => Promise<unknown>;
  readonly now?: () => number;
  /** How long the report waits for the worker's startup facts. */
  readonly factsWaitMs?: number;
}

const failed = (error: unknown) => ({
  unreadable: error instanceof Error ? error.message : String(error),
});

// Startup repairs may still be running; the report does not wait for them for long.
const FACTS_WAIT_MS = 2_000;

async function withinWait(facts: Promise<unknown>, waitMs: number): Promise<unknown> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise((resolve) => {
    timer = setTimeout(() => resolve({ unreadable: 'the worker was still starting up' }), waitMs);
  });
  try {
    return await Promise.race([facts, late]);
  } finally {
    clearTimeout(timer);
  }
}

async function storedLastRun(store: TracesStore): Promise<RecentRun | null> {
  const newest = (await store.list()).sort((a, b) => b.startedAt - a.startedAt)[0];
  const found = newest ? await store.get(newest.runId) : null;
  if (!found) return null;
  const { run, events } = found;
  return {
    runId: run.runId,
    siteId: run.siteId,
    startedAt: run.startedAt,
    endedAt: run.endedAt,
    status: run.status,
    ...(run.errorCode !== undefined ? { errorCode: run.errorCode } : {}),
    events: events.slice(0, MAX_RUN_EVENTS).map((event) => ({
      at: event.at,
      kind: event.kind,
      phase: event.phase,
      ...(event.name !== undefined ? { name: event.name } : {}),
      summary: event.summary,
    })),
    droppedEvents: Math.max(0, events.length - MAX_RUN_EVENTS),
  };
}

export function createDiagnosticsHandlers(
  deps: DiagnosticsHandlerDeps,
): GroupHandlers<typeof diagnosticsRequestMethods> {
  return {
    'diagnostics/report': async () => {
      // Each part that cannot be read says so in the report instead of failing it.
      const settings = await deps.settings.view().catch(() => null);
      const resolved = await Promise.all(
        (settings?.models ?? []).map((model) =>
          deps.settings.resolveModel(model.id).catch(() => null),
        ),
      );
      const secrets = resolved.flatMap((model) =>
        model?.settings.apiKey ? [model.settings.apiKey] : [],
      );
      const worker = await withinWait(
        (deps.workerFacts ?? readDiagnostics)().catch(failed),
        deps.factsWaitMs ?? FACTS_WAIT_MS,
      );
      const lastRun =
        deps.agent.recentActivity.lastRun() ??
        (await storedLastRun(deps.traceStore).catch(() => null));
      return buildDiagnosticsReport({
        version: deps.version,
        userAgent: deps.userAgent ?? (typeof navigator !== 'undefined' ? navigator.userAgent : ''),
        generatedAt: (deps.now ?? Date.now)(),
        settings,
        worker,
        lastRun,
        exchanges: deps.agent.recentActivity.exchanges(),
        secrets,
      });
    },
  };
}
