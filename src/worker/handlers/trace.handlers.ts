// Handlers for the Traces page and Settings → Traces (trace-messages.ts). They only
// delegate to the traces store; saving smaller limits applies them at once.
import { ProtocolFailure } from '../../shared/protocol/envelope';
import type { GroupHandlers } from '../../shared/protocol/define-channel';
import type { traceRequestMethods } from '../../shared/protocol/trace-messages';
import { limitsOf } from '../traces/trace-recorder';
import type { TracesStore } from '../traces/traces.store';

export interface TraceHandlerDeps {
  readonly traceStore: TracesStore;
}

export function createTraceHandlers(
  deps: TraceHandlerDeps,
): GroupHandlers<typeof traceRequestMethods> {
  const store = deps.traceStore;
  return {
    'traces/list': async () => {
      const runs = await store.list();
      return {
        runs,
        totalBytes: runs.reduce((sum, run) => sum + run.bytes, 0),
        settings: await store.settings(),
      };
    },
    'traces/get': async ({ runId }) => {
      const found = await store.get(runId);
      if (!found) throw new ProtocolFailure('TRACE_NOT_FOUND', 'That trace no longer exists.');
      return found;
    },
    'traces/delete': async ({ runId }) => ({ deleted: await store.delete(runId) }),
    'traces/clear': async () => ({ deleted: await store.clear() }),
    'traces/save-settings': async (settings) => {
      const saved = await store.saveSettings(settings);
      await store.enforce(limitsOf(saved));
      return saved;
    },
  };
}
