// ## Owns
// What this worker instance reports about itself for bug reports and end-to-end
// tests: its id, what startup repaired (registrations, injections, the storage
// restriction) and the recovery reconciliation at start. It holds no page content,
// settings or secrets, and nothing reads it back to decide anything.
const KEY = '__sideAgentDiagnostics';

export interface WorkerDiagnostics {
  readonly instanceId: string;
  /** Registrations, injections and the storage restriction, when startup settled. */
  readonly startup: Promise<unknown>;
  /** The reconciliation of journal entries a previous instance left in flight. */
  readonly recovery: Promise<unknown>;
}

const settled = (work: Promise<unknown>) =>
  work.catch((error: unknown) => ({
    error: error instanceof Error ? error.message : String(error),
  }));

/** Publishes this instance's diagnostics on the worker's global scope. */
export function publishDiagnostics(diagnostics: WorkerDiagnostics): void {
  (globalThis as Record<string, unknown>)[KEY] = Object.freeze({
    instanceId: diagnostics.instanceId,
    startup: settled(diagnostics.startup),
    recovery: settled(diagnostics.recovery),
  });
}
