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

/** This instance's published diagnostics with their work settled, for a bug report. */
export async function readDiagnostics(): Promise<unknown> {
  const published = (globalThis as Record<string, unknown>)[KEY] as
    { instanceId: string; startup: Promise<unknown>; recovery: Promise<unknown> } | undefined;
  if (!published) return null;
  return {
    instanceId: published.instanceId,
    startup: await published.startup,
    recovery: await published.recovery,
  };
}
